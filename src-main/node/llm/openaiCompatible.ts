// One adapter for every server speaking OpenAI's chat completions: Ollama's, LM Studio's and llama.cpp
// server's /v1, vLLM, OpenAI, DeepSeek, OpenRouter, Together, Gemini's OpenAI endpoint, MiniMax…
// Reasoning arrives as `reasoning_content` (DeepSeek, vLLM, llama.cpp), `reasoning` (OpenRouter, Ollama)
// or inline `<think>` text; all three end up in Completion.reasoning.
import OpenAI from 'openai';
import { endpointReach } from '../../common/endpoint.js';
import { AppError } from '../../common/errors.js';
import type { Completion, CompletionRequest, LlmProvider, Logger, ProviderInfo } from '../../core/ports.js';
import { discoverOpenAiContextSize, type ContextSizeAnswer } from './contextSize.js';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  disconnected,
  estimateTokens,
  httpError,
  idleGuard,
  idleTimeoutError,
  streamedReply,
  trimSlash,
  unreachable,
  type ProviderLabel,
} from './http.js';
import { ToolCallCollector, toolParams, toWireMessages } from './openaiTools.js';

export interface OpenAiCompatibleOptions {
  /** e.g. http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8080/v1 (llama.cpp server), https://api.openai.com/v1 */
  baseUrl: string;
  model: string;
  apiKey?: string;
  logger: Logger;
  /** A context size the user set; 0 or absent = ask the server, then the table. */
  contextSize?: number;
  /** Silence allowed before the first token and between tokens. Default 5 minutes. */
  idleTimeoutMs?: number;
  /** True for servers on this machine (no data leaves it); default: decided from the host name. */
  local?: boolean;
  /** Name in messages ("OpenRouter", "LM Studio"); default "the model server". */
  label?: string;
  /**
   * How CompletionRequest.jsonSchema is passed: 'json_schema' (OpenAI, vLLM, llama.cpp, Ollama, LM Studio),
   * 'json_object' (servers that only promise JSON, e.g. DeepSeek), 'none' (prompt-only). Default 'json_schema'.
   */
  structuredOutput?: 'json_schema' | 'json_object' | 'none';
}

type Delta = OpenAI.ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null; reasoning?: string | null };

export class OpenAiCompatibleProvider implements LlmProvider {
  // Passed through as the server takes them; whether the model uses them is the server's business.
  readonly toolCalling = true;
  private readonly client: OpenAI;
  private readonly label: ProviderLabel;
  private contextAnswer: ContextSizeAnswer | null = null;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    if (!options.baseUrl) throw new AppError('BAD_INPUT', 'The OpenAI-compatible provider needs a base URL, e.g. http://127.0.0.1:8080/v1.');
    if (!options.model) throw new AppError('BAD_INPUT', 'Choose a model name for the OpenAI-compatible provider.');
    this.label = { provider: options.label ?? 'the model server', model: options.model, baseUrl: trimSlash(options.baseUrl) };
    // The SDK's own timeout and retries are off: the idle guard below fits slow reasoning models,
    // and a retried generation would bill and stream twice.
    this.client = new OpenAI({ apiKey: options.apiKey || 'not-needed', baseURL: this.label.baseUrl, maxRetries: 0, timeout: 24 * 3_600_000 });
  }

  async info(signal: AbortSignal = new AbortController().signal): Promise<ProviderInfo> {
    const wanted = this.options.contextSize ?? 0;
    if (wanted > 0) this.contextAnswer = { size: wanted, source: 'server' };
    if (!this.contextAnswer) {
      const headers: Record<string, string> = this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {};
      this.contextAnswer = await discoverOpenAiContextSize(this.label.baseUrl, this.options.model, headers, signal);
    }
    const source = this.contextAnswer.source === 'fallback' ? 'estimate' : this.contextAnswer.source;
    return {
      kind: 'openai',
      model: this.options.model,
      local: this.options.local ?? endpointReach(this.label.baseUrl) === 'machine',
      contextSize: this.contextAnswer.size,
      tokenizer: 'estimate',
      contextSizeSource: wanted > 0 ? 'model' : source,
    };
  }

  countTokens(text: string): Promise<number> {
    return Promise.resolve(estimateTokens(text));
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    if (request.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
    const idleMs = this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const guard = idleGuard(request.signal, idleMs);
    const reply = streamedReply(request.onDelta);
    const tools = new ToolCallCollector(request.onDelta);
    let finish: string | null = null;
    let usage: Completion['usage'];
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: toWireMessages(request.messages),
          stream: true,
          stream_options: { include_usage: true },
          ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
          ...this.responseFormat(request.jsonSchema),
          ...toolParams(request.tools, request.toolChoice, request.parallelToolCalls),
        },
        { signal: guard.signal },
      );
      for await (const chunk of stream) {
        guard.touch();
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.finish_reason) finish = choice.finish_reason;
        const delta = choice.delta as Delta;
        reply.reasoning(delta.reasoning_content ?? delta.reasoning ?? '');
        reply.text(delta.content ?? '');
        tools.push(delta.tool_calls);
      }
    } catch (error) {
      throw this.mapError(error, guard.timedOut, idleMs, request.signal);
    } finally {
      guard.dispose();
    }
    // The SDK ends the iteration quietly when its signal fires: say why it stopped.
    if (guard.timedOut) throw idleTimeoutError(this.label, idleMs);
    if (request.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
    if (!finish) throw disconnected(this.label);
    const toolCalls = tools.finish();
    return {
      ...reply.finish(),
      truncated: finish === 'length',
      ...(usage ? { usage } : {}),
      ...(toolCalls.length ? { toolCalls } : {}),
    };
  }

  private responseFormat(schema: object | undefined): { response_format?: OpenAI.ChatCompletionCreateParams['response_format'] } {
    const mode = this.options.structuredOutput ?? 'json_schema';
    if (!schema || mode === 'none') return {};
    if (mode === 'json_object') return { response_format: { type: 'json_object' } };
    return { response_format: { type: 'json_schema', json_schema: { name: 'reply', schema: schema as Record<string, unknown> } } };
  }

  private mapError(error: unknown, timedOut: boolean, idleMs: number, signal: AbortSignal): AppError {
    if (error instanceof AppError) return error;
    if (timedOut) return idleTimeoutError(this.label, idleMs);
    if (signal.aborted) return new AppError('CANCELLED', 'Cancelled.', { cause: error });
    if (error instanceof OpenAI.APIConnectionError) {
      // Connected once and then lost: the server died mid-reply; never connected: unreachable.
      return /terminated|other side closed|ECONNRESET|socket/i.test(String(error.cause ?? error.message)) ? disconnected(this.label) : unreachable(this.label, error);
    }
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
      return httpError(error.status, JSON.stringify({ error: error.error ?? { message: error.message } }), this.label);
    }
    const text = error instanceof Error ? error.message : String(error);
    if (/terminated|ECONNRESET|other side closed|premature close/i.test(text)) return disconnected(this.label);
    this.options.logger.warn('openai-compatible: unexpected failure', { error: text });
    return new AppError('PROVIDER_ERROR', `${this.label.provider} failed: ${text}`);
  }
}
