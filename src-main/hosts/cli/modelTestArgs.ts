// The arguments of `agentic models test [ID] [--provider … --model … --base-url … --replay FILE] [--json]`.
import { PROVIDER_KINDS, type ProviderKind } from '../../common/providers.js';
import { UsageError } from './usageError.js';

export interface ModelTestArgs {
  command: 'models';
  action: 'test';
  /** A catalogue model id (or GGUF path) to test instead of the configured model. */
  id?: string;
  provider?: ProviderKind;
  model?: string;
  baseUrl?: string;
  replay?: string;
  json: boolean;
}

export function parseModelTestArgs(id: string | undefined, v: Record<string, string | boolean | string[] | undefined>, json: boolean): ModelTestArgs {
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const kind = str('provider');
  if (kind !== undefined && !(PROVIDER_KINDS as readonly string[]).includes(kind)) throw new UsageError(`Unknown provider "${kind}". Choose one of: ${PROVIDER_KINDS.join(', ')}.`);
  const replay = str('replay');
  const provider = (kind ?? (replay ? 'replay' : undefined)) as ProviderKind | undefined;
  if (provider === 'replay' && !replay) throw new UsageError('--provider replay needs --replay FILE.');
  return { command: 'models', action: 'test', id, provider, model: str('model'), baseUrl: str('base-url'), replay, json };
}
