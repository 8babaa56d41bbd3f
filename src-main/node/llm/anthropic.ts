// Anthropic's Messages API over fetch + SSE: system prompt apart, text and thinking deltas streamed.
import { AppError } from '../../common/errors.js';
import { providerRow } from '../../common/providers.js';
import type { Completion, CompletionRequest, LlmProvider, Logger, ProviderInfo } from '../../core/ports.js';
import { tableOrFallback } from './contextSize.js';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  disconnected,
  estimateTokens,
  httpError,
  idleGuard,
  streamFailure,
  streamedReply,
  postForStream,
  readSse,
  trimSlash,
  type ProviderLabel,
} from './http.js';

export const DEFAULT_ANTHROPIC_URL = providerRow('anthropic').baseUrl.default;
const API_VERSION = '2023-06-01';

export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  logger: Logger;
  baseUrl?: string;
  contextSize?: number;
  /** Output cap when the request sets none (the API requires one). */
  defaultMaxTokens?: number;
  /** Extended thinking budget in tokens; 0 or absent = off. */
  thinkingBudget?: number;
  idleTimeoutMs?: number;
}

interface StreamEvent {
  type?: string;
  message?: { usage?: { input_tokens?: number } };
  content_block?: { type?: string; text?: string; thinking?: string };
  delta?: { type?: string; text?: string; thinking?: string; stop_reason?: string };
  usage?: { output_tokens?: number };
  error?: { type?: string; message?: string };
}

export class AnthropicProvider implements LlmProvider {
  private readonly baseUrl: string;
  private readonly label: ProviderLabel;

  constructor(private readonly options: AnthropicProviderOptions) {
    if (!options.apiKey) throw new AppError('PROVIDER_AUTH', 'Anthropic needs an API key: add one in Settings → Model.');
    if (!options.model) throw new AppError('BAD_INPUT', 'Choose an Anthropic model id, e.g. claude-sonnet-4-5.');
    this.baseUrl = trimSlash(options.baseUrl || DEFAULT_ANTHROPIC_URL).replace(/\/v1$/, '');
    this.label = { provider: 'Anthropic', model: options.model, baseUrl: this.baseUrl };
  }

  info(): Promise<ProviderInfo> {
    const wanted = this.options.contextSize ?? 0;
    const known = tableOrFallback(this.options.model);
    return Promise.resolve({
      kind: 'anthropic',
      model: this.options.model,
      local: false,
      contextSize: wanted > 0 ? wanted : known.size,
      tokenizer: 'estimate',
      contextSizeSource: wanted > 0 ? 'model' : known.source === 'fallback' ? 'estimate' : 'table',
    });
  }

  countTokens(text: string): Promise<number> {
    return Promise.resolve(estimateTokens(text));
  }

  private body(request: CompletionRequest): string {
    const system = request.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const budget = this.options.thinkingBudget ?? 0;
    const maxTokens = request.maxTokens ?? this.options.defaultMaxTokens ?? 8_192;
    return JSON.stringify({
      model: this.options.model,
      max_tokens: budget > 0 ? Math.max(maxTokens, budget + 1_024) : maxTokens,
      stream: true,
      ...(system ? { system } : {}),
      messages: request.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: m.content })),
      ...(budget > 0 ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}),
    });
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    if (request.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
    const idleMs = this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const guard = idleGuard(request.signal, idleMs);
    const reply = streamedReply(request.onDelta);
    let stop: string | null = null;
    let ended = false;
    const usage = { promptTokens: 0, completionTokens: 0 };
    try {
      const body = await postForStream(
        `${this.baseUrl}/v1/messages`,
        { headers: { 'content-type': 'application/json', 'x-api-key': this.options.apiKey, 'anthropic-version': API_VERSION }, body: this.body(request) },
        guard,
        this.label,
      );
      for await (const sse of readSse(body, guard)) {
        const event = JSON.parse(sse.data) as StreamEvent;
        if (event.type === 'error') throw httpError(500, JSON.stringify({ error: event.error }), this.label);
        if (event.type === 'message_start') usage.promptTokens = event.message?.usage?.input_tokens ?? 0;
        if (event.type === 'message_delta') {
          stop = event.delta?.stop_reason ?? stop;
          usage.completionTokens = event.usage?.output_tokens ?? usage.completionTokens;
        }
        if (event.type === 'message_stop') ended = true;
        if (event.type !== 'content_block_delta' || !event.delta) continue;
        if (event.delta.type === 'thinking_delta') reply.reasoning(event.delta.thinking ?? '');
        else if (event.delta.type === 'text_delta') reply.text(event.delta.text ?? '');
      }
    } catch (error) {
      throw streamFailure(error, guard, idleMs, request.signal, this.label);
    } finally {
      guard.dispose();
    }
    if (!ended) throw disconnected(this.label);
    return {
      ...reply.finish(),
      truncated: stop === 'max_tokens',
      usage,
    };
  }
}
