// Shared plumbing of the HTTP providers: an idle timeout instead of a fixed one (slow reasoning models may
// think for minutes before the first token, but a stream that goes silent is dead), line readers for SSE
// and NDJSON, a reply collector (field reasoning, inline <think> blocks), and the mapping of HTTP
// failures to coded errors a user can act on.
import { AppError } from '../../common/errors.js';
import { createReasoningStream, splitReasoning } from '../../core/llm/reasoning.js';
import type { LlmDelta } from '../../core/ports.js';

/** Default silence allowed before the first byte and between chunks: generous for slow reasoning models. */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

export interface IdleGuard {
  signal: AbortSignal;
  /** Call on every sign of life. */
  touch(): void;
  /** True when the guard, not the caller, aborted. */
  readonly timedOut: boolean;
  dispose(): void;
}

/** An AbortSignal that fires when the caller aborts or when nothing happened for `idleMs`. */
export function idleGuard(outer: AbortSignal, idleMs: number): IdleGuard {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onAbort = (): void => controller.abort(outer.reason);
  outer.addEventListener('abort', onAbort, { once: true });
  if (outer.aborted) controller.abort(outer.reason);
  const touch = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('idle timeout'));
    }, idleMs);
  };
  touch();
  return {
    signal: controller.signal,
    touch,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      if (timer) clearTimeout(timer);
      outer.removeEventListener('abort', onAbort);
    },
  };
}

/** Lines of a streamed body, touching the guard on every chunk. */
export async function* readLines(body: ReadableStream<Uint8Array>, guard: IdleGuard): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      guard.touch();
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        yield buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
      }
    }
    buffer += decoder.decode();
    if (buffer) yield buffer;
  } finally {
    reader.releaseLock();
  }
}

export interface SseEvent {
  event: string;
  data: string;
}

/** Server-sent events: `event:` and `data:` lines, a blank line ends an event. */
export async function* readSse(body: ReadableStream<Uint8Array>, guard: IdleGuard): AsyncGenerator<SseEvent> {
  let event = 'message';
  let data: string[] = [];
  for await (const line of readLines(body, guard)) {
    if (line === '') {
      if (data.length) yield { event, data: data.join('\n') };
      event = 'message';
      data = [];
    } else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    else if (line.startsWith('event:')) event = line.slice(6).trim();
  }
  if (data.length) yield { event, data: data.join('\n') };
}

export interface ProviderLabel {
  provider: string;
  model: string;
  baseUrl: string;
}

const OVERFLOW = /context.?length|context window|maximum context|too many tokens|prompt is too long|num_ctx|exceeds the context/i;

/** Turns an HTTP error status and body into the coded error a user can act on. */
export function httpError(status: number, body: string, label: ProviderLabel): AppError {
  const detail = extractMessage(body);
  if (status === 401 || status === 403) {
    return new AppError('PROVIDER_AUTH', `${label.provider} refused the API key (HTTP ${status}): set a valid key in Settings → Model.`);
  }
  if (status === 404 || /model.*(not found|does not exist)|no such model/i.test(detail)) {
    return new AppError('PROVIDER_MODEL_MISSING', `${label.provider} has no model "${label.model}": pull or choose another model (${oneLine(detail) || `HTTP ${status}`}).`);
  }
  if (OVERFLOW.test(detail)) {
    return new AppError('CONTEXT_OVERFLOW', `The conversation is longer than ${label.model}'s context: start a new session or compact the history (${oneLine(detail)}).`);
  }
  return new AppError('PROVIDER_ERROR', `${label.provider} answered HTTP ${status}: ${oneLine(detail) || 'no details'}.`);
}

export function unreachable(label: ProviderLabel, cause: unknown): AppError {
  return new AppError('PROVIDER_UNREACHABLE', `Cannot reach ${label.provider} at ${label.baseUrl}: start the server or check the base URL.`, { cause });
}

export function idleTimeoutError(label: ProviderLabel, idleMs: number): AppError {
  return new AppError('PROVIDER_ERROR', `${label.provider} sent nothing for ${Math.round(idleMs / 1000)} s and the stream was dropped: retry, or raise the idle timeout.`);
}

export function disconnected(label: ProviderLabel): AppError {
  return new AppError('PROVIDER_ERROR', `${label.provider} closed the connection mid-reply: retry.`);
}

function extractMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: unknown; message?: unknown };
    const err = json.error;
    if (typeof err === 'string') return err;
    if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') return (err as { message: string }).message;
    if (typeof json.message === 'string') return json.message;
  } catch {
    // not JSON: use the text
  }
  return body;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** Rough token count for providers whose tokenizer is not here: ~4 characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * POSTs to a streaming endpoint and returns the body to read; a server that cannot be reached, or
 * that answers with an HTTP error, becomes the error a user can act on.
 */
export async function postForStream(
  url: string,
  init: { headers: Record<string, string>; body: string },
  guard: IdleGuard,
  label: ProviderLabel,
): Promise<ReadableStream<Uint8Array>> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', signal: guard.signal, ...init });
  } catch (error) {
    // Aborted by the caller or by the idle timeout: streamFailure says which.
    throw guard.signal.aborted ? error : unreachable(label, error);
  }
  if (!res.ok || !res.body) throw httpError(res.status, await res.text(), label);
  return res.body;
}

/** The error a user can act on for a failure while a reply was streaming. */
export function streamFailure(error: unknown, guard: IdleGuard, idleMs: number, signal: AbortSignal, label: ProviderLabel): AppError {
  if (error instanceof AppError) return error;
  if (guard.timedOut) return idleTimeoutError(label, idleMs);
  if (signal.aborted) return new AppError('CANCELLED', 'Cancelled.', { cause: error });
  return disconnected(label);
}

interface StreamedReply {
  /** Reasoning the server sends in a field of its own: passed on as it comes. */
  reasoning(delta: string): void;
  /** Answer text, which may carry <think> blocks inline: split as it streams. */
  text(delta: string): void;
  /**
   * Ends the reply: flushes what the inline splitter held back, then splits the whole text once
   * more; the field's reasoning comes first.
   */
  finish(): { text: string; reasoning: string };
}

/** A streamed reply as the HTTP providers collect it, passing each piece on to `onDelta`. */
export function streamedReply(onDelta: ((d: LlmDelta) => void) | undefined): StreamedReply {
  const inline = createReasoningStream();
  let raw = '';
  let fieldReasoning = '';
  return {
    reasoning(delta) {
      if (!delta) return;
      fieldReasoning += delta;
      onDelta?.({ reasoning: delta });
    },
    text(delta) {
      if (!delta) return;
      raw += delta;
      const out = inline.push(delta);
      if (out.text || out.reasoning) onDelta?.(out);
    },
    finish() {
      const tail = inline.flush();
      if (tail.text || tail.reasoning) onDelta?.(tail);
      const split = splitReasoning(raw);
      return { text: split.answer, reasoning: [fieldReasoning.trim(), split.reasoning].filter(Boolean).join('\n\n') };
    },
  };
}
