// Ollama's native /api/chat. Unlike its /v1 endpoint it lets us set num_ctx: without it Ollama runs the
// model at its small default context and silently drops the start of longer conversations.
import { endpointReach } from '../../common/endpoint.js';
import { AppError } from '../../common/errors.js';
import { providerRow } from '../../common/providers.js';
import type { Completion, CompletionRequest, LlmProvider, Logger, ProviderInfo } from '../../core/ports.js';
import { FALLBACK_CONTEXT_SIZE } from './contextSize.js';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  disconnected,
  estimateTokens,
  httpError,
  idleGuard,
  streamFailure,
  streamedReply,
  postForStream,
  readLines,
  trimSlash,
  unreachable,
  type ProviderLabel,
} from './http.js';

export const DEFAULT_OLLAMA_URL = providerRow('ollama').baseUrl.default;
/** Ollama allocates the whole KV cache for num_ctx up front: a 128k model at full length rarely fits. */
export const DEFAULT_OLLAMA_MAX_CONTEXT = 32_768;

export interface OllamaProviderOptions {
  baseUrl?: string;
  model: string;
  logger: Logger;
  /** num_ctx to ask for; 0 or absent = the model's own context length, capped at maxAutoContext. */
  contextSize?: number;
  maxAutoContext?: number;
  idleTimeoutMs?: number;
}

interface ChatLine {
  message?: { content?: string; thinking?: string };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

export class OllamaProvider implements LlmProvider {
  private readonly baseUrl: string;
  private readonly label: ProviderLabel;
  private numCtx: { size: number; source: ProviderInfo['contextSizeSource'] } | null = null;

  constructor(private readonly options: OllamaProviderOptions) {
    if (!options.model) throw new AppError('BAD_INPUT', 'Choose an Ollama model (see `ollama list`).');
    this.baseUrl = trimSlash(options.baseUrl || DEFAULT_OLLAMA_URL).replace(/\/v1$/, '');
    this.label = { provider: 'Ollama', model: options.model, baseUrl: this.baseUrl };
  }

  async info(signal: AbortSignal = new AbortController().signal): Promise<ProviderInfo> {
    const ctx = await this.contextSize(signal);
    return {
      kind: 'ollama',
      model: this.options.model,
      local: endpointReach(this.baseUrl) === 'machine',
      contextSize: ctx.size,
      tokenizer: 'estimate',
      contextSizeSource: ctx.source,
    };
  }

  countTokens(text: string): Promise<number> {
    return Promise.resolve(estimateTokens(text));
  }

  private async contextSize(signal: AbortSignal): Promise<NonNullable<OllamaProvider['numCtx']>> {
    if (this.numCtx) return this.numCtx;
    const wanted = this.options.contextSize ?? 0;
    if (wanted > 0) return (this.numCtx = { size: wanted, source: 'model' });
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/api/show`, { method: 'POST', body: JSON.stringify({ model: this.options.model }), signal });
    } catch (error) {
      if (signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
      throw unreachable(this.label, error);
    }
    const body = await res.text();
    if (!res.ok) throw httpError(res.status, body, this.label);
    const info = (JSON.parse(body) as { model_info?: Record<string, unknown> }).model_info ?? {};
    const key = Object.keys(info).find((k) => k.endsWith('.context_length'));
    const trained = key && typeof info[key] === 'number' ? (info[key] as number) : 0;
    if (trained <= 0) return (this.numCtx = { size: FALLBACK_CONTEXT_SIZE, source: 'estimate' });
    return (this.numCtx = { size: Math.min(trained, this.options.maxAutoContext ?? DEFAULT_OLLAMA_MAX_CONTEXT), source: 'model' });
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    if (request.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
    const numCtx = (await this.contextSize(request.signal)).size;
    // Ollama cuts an over-long prompt silently: refuse what clearly cannot fit (estimated tokens).
    const estimated = estimateTokens(request.messages.map((m) => m.content).join('\n')) + (request.maxTokens ?? 0);
    if (estimated > numCtx) {
      throw new AppError(
        'CONTEXT_OVERFLOW',
        `The conversation needs about ${estimated} tokens but num_ctx is ${numCtx}: start a new session, compact the history, or raise the context size in Settings.`,
      );
    }
    const idleMs = this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const guard = idleGuard(request.signal, idleMs);
    const reply = streamedReply(request.onDelta);
    let last: ChatLine | null = null;
    try {
      const body = await postForStream(
        `${this.baseUrl}/api/chat`,
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: this.options.model,
            messages: request.messages,
            stream: true,
            options: { num_ctx: numCtx, ...(request.maxTokens ? { num_predict: request.maxTokens } : {}) },
            ...(request.jsonSchema ? { format: request.jsonSchema } : {}),
          }),
        },
        guard,
        this.label,
      );
      for await (const line of readLines(body, guard)) {
        if (!line.trim()) continue;
        const data = JSON.parse(line) as ChatLine;
        if (data.error) throw httpError(500, JSON.stringify({ error: data.error }), this.label);
        reply.reasoning(data.message?.thinking ?? '');
        reply.text(data.message?.content ?? '');
        if (data.done) last = data;
      }
    } catch (error) {
      throw streamFailure(error, guard, idleMs, request.signal, this.label);
    } finally {
      guard.dispose();
    }
    if (!last) throw disconnected(this.label);
    return {
      ...reply.finish(),
      truncated: last.done_reason === 'length',
      usage: { promptTokens: last.prompt_eval_count ?? 0, completionTokens: last.eval_count ?? 0 },
    };
  }
}
