// Where a server says its context size, ask it; else a table of exact model ids; else a conservative guess
// that ProviderInfo marks as an estimate. Never parse sizes out of model names.
import { trimSlash } from './http.js';

/** Context windows published by the providers, keyed by exact model id. */
export const KNOWN_CONTEXT_SIZES: Readonly<Record<string, number>> = {
  'gpt-4o': 128_000,
  'gpt-4o-mini': 128_000,
  'gpt-4.1': 1_047_576,
  'gpt-4.1-mini': 1_047_576,
  'gpt-4.1-nano': 1_047_576,
  o3: 200_000,
  'o3-mini': 200_000,
  'o4-mini': 200_000,
  'deepseek-chat': 65_536,
  'deepseek-reasoner': 65_536,
  'gemini-2.0-flash': 1_048_576,
  'gemini-2.5-flash': 1_048_576,
  'gemini-2.5-pro': 1_048_576,
  'claude-3-5-haiku-latest': 200_000,
  'claude-3-7-sonnet-latest': 200_000,
  'claude-sonnet-4-0': 200_000,
  'claude-sonnet-4-5': 200_000,
  'claude-opus-4-1': 200_000,
};

/** Used when nothing better is known; small enough that no real chat model overflows at it. */
export const FALLBACK_CONTEXT_SIZE = 8_192;

export interface ContextSizeAnswer {
  size: number;
  source: 'server' | 'table' | 'fallback';
}

const PROBE_TIMEOUT_MS = 10_000;

async function getJson(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const probe = AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
  try {
    const res = await fetch(url, { headers, signal: probe });
    if (!res.ok) return null;
    return (await res.json()) as unknown;
  } catch {
    if (signal.aborted) throw signal.reason;
    return null;
  }
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : null;
}

/** The context length fields servers use in their model lists (vLLM, OpenRouter, Together, LM Studio, llama.cpp). */
export function contextFromModelEntry(entry: Record<string, unknown>): number | null {
  const meta = (entry.meta ?? {}) as Record<string, unknown>;
  const top = (entry.top_provider ?? {}) as Record<string, unknown>;
  return (
    positive(entry.max_model_len) ??
    positive(entry.context_length) ??
    positive(entry.context_window) ??
    positive(entry.max_context_length) ??
    positive(top.context_length) ??
    positive(meta.n_ctx) ??
    positive(meta.n_ctx_train)
  );
}

/** Asks an OpenAI-compatible server: llama.cpp's /props (the configured n_ctx), then /models. */
export async function discoverOpenAiContextSize(baseUrl: string, model: string, headers: Record<string, string>, signal: AbortSignal): Promise<ContextSizeAnswer> {
  const base = trimSlash(baseUrl);
  const origin = base.replace(/\/v1$/, '');
  const props = (await getJson(`${origin}/props`, headers, signal)) as { default_generation_settings?: { n_ctx?: unknown } } | null;
  const nCtx = positive(props?.default_generation_settings?.n_ctx);
  if (nCtx) return { size: nCtx, source: 'server' };
  const list = (await getJson(`${base}/models`, headers, signal)) as { data?: unknown } | null;
  const entries = Array.isArray(list?.data) ? (list.data as Array<Record<string, unknown>>) : [];
  const entry = entries.find((e) => e.id === model);
  const fromServer = entry ? contextFromModelEntry(entry) : null;
  if (fromServer) return { size: fromServer, source: 'server' };
  return tableOrFallback(model);
}

export function tableOrFallback(model: string): ContextSizeAnswer {
  const known = KNOWN_CONTEXT_SIZES[model];
  return known ? { size: known, source: 'table' } : { size: FALLBACK_CONTEXT_SIZE, source: 'fallback' };
}
