// The Replay provider: each model call returns the next scripted response, streamed in small chunks
// like a real model. It is how agent behaviour is tested without a model, and how a recorded run
// is replayed. Running past the end fails the turn with REPLAY_EXHAUSTED.
import { z } from 'zod';
import { AppError } from '../../common/errors.js';
import type { Completion, CompletionRequest, LlmProvider, ProviderInfo } from '../ports.js';
import { createReasoningStream } from './reasoning.js';

export const ReplayFileSchema = z.object({
  responses: z.array(z.string()),
  /** Optional: the context size the scripted model claims (tests of compaction use a small one). */
  contextSize: z.number().int().positive().optional(),
  /** Optional: characters per streamed chunk (default 6); tests of very long replies use a large one. */
  chunkSize: z.number().int().positive().optional(),
});
export type ReplayScript = z.infer<typeof ReplayFileSchema>;

export interface ReplayOptions {
  chunkSize?: number;
  /** Pause between chunks; 0 yields to the event loop only. */
  chunkDelayMs?: number;
}

export function parseReplayFile(text: string): ReplayScript {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('REPLAY_INVALID', `Replay file is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ReplayFileSchema.safeParse(json);
  if (!parsed.success) throw new AppError('REPLAY_INVALID', 'Replay file must look like {"responses": ["…", "…"]}.');
  return parsed.data;
}

/** Rough token estimate for providers without a tokenizer: about four characters a token. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export class ReplayProvider implements LlmProvider {
  private next = 0;
  /** Every message list the provider was called with, for tests that check what the model saw. */
  readonly calls: CompletionRequest['messages'][] = [];

  constructor(
    private readonly script: ReplayScript,
    private readonly options: ReplayOptions = {},
  ) {}

  async info(): Promise<ProviderInfo> {
    return { kind: 'replay', model: 'replay', local: true, contextSize: this.script.contextSize ?? 32_768, tokenizer: 'estimate' };
  }

  async countTokens(text: string): Promise<number> {
    return estimateTokens(text);
  }

  get remaining(): number {
    return this.script.responses.length - this.next;
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    request.signal.throwIfAborted();
    const response = this.script.responses[this.next];
    if (response === undefined) {
      throw new AppError('REPLAY_EXHAUSTED', `The replay script has no response left for model call ${this.next + 1}.`);
    }
    this.next += 1;
    this.calls.push(request.messages.map((m) => ({ ...m })));
    const splitter = createReasoningStream();
    const size = Math.max(1, this.options.chunkSize ?? this.script.chunkSize ?? 6);
    const delay = this.options.chunkDelayMs ?? 0;
    let text = '';
    let reasoning = '';
    const take = (delta: { text?: string; reasoning?: string }) => {
      text += delta.text ?? '';
      reasoning += delta.reasoning ?? '';
      if (delta.text || delta.reasoning) request.onDelta?.(delta);
    };
    for (let i = 0; i < response.length; i += size) {
      await pause(delay, request.signal);
      take(splitter.push(response.slice(i, i + size)));
    }
    take(splitter.flush());
    return {
      text,
      reasoning,
      truncated: false,
      usage: { promptTokens: estimateTokens(request.messages.map((m) => m.content).join('')), completionTokens: estimateTokens(response) },
    };
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AppError('CANCELLED', 'Cancelled.'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
  });
}
