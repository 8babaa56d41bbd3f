// The one table of model providers. Derived from it: the settings' enum, the CLI's usage text,
// Settings' provider section (labels, which fields show), the header's model status, whether the
// first run asks for a model, where a provider sends conversations (endpoint.ts) and the HTTP
// providers' default addresses. How each is built is code:
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
}

/** In the order Settings lists them; the first is the default. */
export const PROVIDERS = [
  { id: 'llama', short: 'llama.cpp', label: 'Embedded llama.cpp (local)', baseUrl: null, apiKey: false, embedded: true },
  {
    id: 'openai',
    short: 'OpenAI-compatible',
    label: 'OpenAI-compatible server',
    baseUrl: { default: null, placeholder: 'http://127.0.0.1:8080/v1', hint: 'Required: the server’s address (OpenAI’s own is https://api.openai.com/v1).' },
    apiKey: true,
    embedded: false,
  },
  { id: 'ollama', short: 'Ollama', label: 'Ollama (local)', baseUrl: { default: 'http://127.0.0.1:11434', placeholder: 'http://127.0.0.1:11434' }, apiKey: false, embedded: false },
  {
    id: 'anthropic',
    short: 'Anthropic',
    label: 'Anthropic (cloud)',
    baseUrl: { default: 'https://api.anthropic.com', placeholder: 'https://api.anthropic.com' },
    apiKey: true,
    embedded: false,
  },
  { id: 'replay', short: 'Replay', label: 'Replay file (testing)', baseUrl: null, apiKey: false, embedded: false },
] as const satisfies readonly ProviderRow[];

type Provider = (typeof PROVIDERS)[number];
export type ProviderKind = Provider['id'];
export const PROVIDER_KINDS = idsOf(PROVIDERS);

/** The row of a kind, with its literal types (`providerRow('ollama').baseUrl.default`). */
export function providerRow<K extends ProviderKind>(kind: K): Extract<Provider, { id: K }> {
  return PROVIDERS.find((p) => p.id === kind) as Extract<Provider, { id: K }>;
}

/** The row of a kind read from outside (a stored setting, a provider's info); undefined when unknown. */
export const findProvider = (kind: string): ProviderRow | undefined => PROVIDERS.find((p) => p.id === kind);
