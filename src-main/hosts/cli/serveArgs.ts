// The options of `agentic serve` (the local OpenAI-compatible API, with /mcp) and `agentic mcp` (the
// MCP server on standard input and output), parsed apart so that parsing loads nothing heavy.
import { PROVIDER_KINDS, type ProviderKind } from '../../common/providers.js';
import type { RunArgs } from './runArgs.js';
import { UsageError } from './usageError.js';

export type ServeArgs = {
  command: 'serve' | 'mcp';
  /** serve: 0 = the last port used, or any free one. */
  port?: number;
  /** serve: the address to listen on; anything but loopback opens the API to the network. */
  host?: string;
  newToken: boolean;
  allowOrigins: string[];
} & Pick<RunArgs, 'workspace' | 'provider' | 'model' | 'baseUrl' | 'replay' | 'yes' | 'blockTimeoutSec' | 'maxAttempts'>;

type Values = Record<string, string | boolean | string[] | undefined>;

const str = (v: Values, name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);

function count(v: Values, name: string, min: number, max: number): number | undefined {
  const raw = str(v, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  return n;
}

export function parseServeArgs(command: 'serve' | 'mcp', rest: readonly string[], v: Values): ServeArgs {
  if (rest.length) throw new UsageError(`${command} takes no arguments besides its options (got "${rest[0]}").`);
  if (command === 'mcp' && (v.port !== undefined || v.host !== undefined)) throw new UsageError('mcp speaks on standard input and output: --port and --host are for serve.');
  const kind = str(v, 'provider');
  if (kind !== undefined && !(PROVIDER_KINDS as readonly string[]).includes(kind)) throw new UsageError(`Unknown provider "${kind}". Choose one of: ${PROVIDER_KINDS.join(', ')}.`);
  const replay = str(v, 'replay');
  const provider = (kind ?? (replay ? 'replay' : undefined)) as ProviderKind | undefined;
  if (provider === 'replay' && !replay) throw new UsageError('--provider replay needs --replay FILE.');
  const origins = (v['allow-origin'] as string[] | undefined) ?? [];
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new UsageError(`--allow-origin takes an origin like http://localhost:3000, got "${origin}".`);
  }
  return {
    command,
    port: count(v, 'port', 0, 65_535),
    host: str(v, 'host'),
    newToken: v['new-token'] === true,
    allowOrigins: origins,
    workspace: str(v, 'workspace'),
    provider,
    model: str(v, 'model'),
    baseUrl: str(v, 'base-url'),
    replay,
    yes: v.yes === true,
    blockTimeoutSec: count(v, 'block-timeout', 1, 86_400),
    maxAttempts: count(v, 'max-attempts', 1, 50),
  };
}
