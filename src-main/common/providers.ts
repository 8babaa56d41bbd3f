// The one table of model providers. Derived from it: the settings' enum, the CLI's usage text,
// Settings' provider section (labels, which fields show), the header's model status, whether the
// first run asks for a model, which provider choosing a local model switches to, which model servers
// the first run looks for on loopback and how, where a provider sends conversations (endpoint.ts)
// and the HTTP providers' default addresses. How each is built is code:
// node/llm/createProvider.ts has a builder per kind, and `tsc` asks for it.
import { idsOf } from './table.js';

export interface ProviderRow {
  readonly id: string;
  /** What people see (Settings). */
  readonly label: string;
  /** The header's short name. */
  readonly short: string;
  /**
   * Its server's address; null for the providers that run in this process (no conversation leaves
   * it). `default` is where an empty field goes, null when the field is required.
   */
  readonly baseUrl: { readonly default: string | null; readonly placeholder: string; readonly hint?: string } | null;
  /** It is sent an API key (Settings shows the key field). */
  readonly apiKey: boolean;
  /**
   * It runs a GGUF model in this process (node-llama-cpp): its model is a catalogue id or a file,
   * it has a thread count and a load with progress, and the first run asks for a model to install.
   */
  readonly embedded: boolean;
  /**
   * How the first run finds a server of this kind already running on loopback: the path that lists
   * its models, the list's field and each model's name field, and the API's path under the origin
   * (what the base URL gets). null: not looked for.
   */
  readonly probe: { readonly modelsPath: string; readonly list: string; readonly name: 'id' | 'name'; readonly apiPath: string } | null;
}

/** In the order Settings lists them; the first is the default. */
export const PROVIDERS = [
  { id: 'llama', short: 'llama.cpp', label: 'Embedded llama.cpp (local)', baseUrl: null, apiKey: false, embedded: true, probe: null },
  {
    id: 'openai',
    short: 'OpenAI-compatible',
    label: 'OpenAI-compatible server',
    baseUrl: { default: null, placeholder: 'http://127.0.0.1:8080/v1', hint: 'Required: the server’s address (OpenAI’s own is https://api.openai.com/v1).' },
    apiKey: true,
    embedded: false,
    probe: { modelsPath: '/v1/models', list: 'data', name: 'id', apiPath: '/v1' },
  },
  {
    id: 'ollama',
    short: 'Ollama',
    label: 'Ollama (local)',
    baseUrl: { default: 'http://127.0.0.1:11434', placeholder: 'http://127.0.0.1:11434' },
    apiKey: false,
    embedded: false,
    probe: { modelsPath: '/api/tags', list: 'models', name: 'name', apiPath: '' },
  },
  {
    id: 'anthropic',
    short: 'Anthropic',
    label: 'Anthropic (cloud)',
    baseUrl: { default: 'https://api.anthropic.com', placeholder: 'https://api.anthropic.com' },
    apiKey: true,
    embedded: false,
    probe: null,
  },
  { id: 'replay', short: 'Replay', label: 'Replay file (testing)', baseUrl: null, apiKey: false, embedded: false, probe: null },
] as const satisfies readonly ProviderRow[];

type Provider = (typeof PROVIDERS)[number];
export type ProviderKind = Provider['id'];
export const PROVIDER_KINDS = idsOf(PROVIDERS);

/** The row of a kind, with its literal types (`providerRow('ollama').baseUrl.default`). */
export function providerRow<K extends ProviderKind>(kind: K): Extract<Provider, { id: K }> {
  return PROVIDERS.find((p) => p.id === kind) as Extract<Provider, { id: K }>;
}

/** The embedded provider's kind: what choosing a catalogue model or a local GGUF file switches to. */
export type EmbeddedKind = Extract<Provider, { embedded: true }>['id'];
export const EMBEDDED_KIND: EmbeddedKind = (() => {
  const row = PROVIDERS.find((p): p is Extract<Provider, { embedded: true }> => p.embedded);
  if (!row) throw new Error('The providers table has no embedded provider.');
  return row.id;
})();

/** The kinds whose servers the first run looks for on loopback (a `probe`), as `z.enum` wants them. */
export type DetectableKind = Extract<Provider, { probe: object }>['id'];
export const DETECTABLE_KINDS = PROVIDERS.flatMap((p) => (p.probe ? [p.id] : [])) as [DetectableKind, ...DetectableKind[]];
export const isDetectableKind = (kind: string): kind is DetectableKind => (DETECTABLE_KINDS as readonly string[]).includes(kind);

/** The row of a kind read from outside (a stored setting, a provider's info); undefined when unknown. */
export const findProvider = (kind: string): ProviderRow | undefined => PROVIDERS.find((p) => p.id === kind);
