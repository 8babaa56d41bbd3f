// Tokens per second over the self-test's model calls (issue 25). Wraps the provider the battery's
// turns use and times each streamed call: prompt processing from the call's start to its first
// token, generation from the first token to the end. Token counts are the provider's own (the
// embedded engine's tokenizer, or what a model server reports); without them, or from a provider
// that only estimates (Replay), the figures are labelled 'estimated'.
import type { SelfTestSpeed } from '../../common/selfTest.js';
import type { Completion, CompletionRequest, LlmProvider } from '../../core/ports.js';

/** About four characters a token, where the provider gives no counts. */
const estimate = (text: string) => Math.ceil(text.length / 4);

interface Totals {
  promptTokens: number;
  promptSeconds: number;
  generatedTokens: number;
  generationSeconds: number;
  /** Calls whose counts came from the engine or a server, and calls estimated here. */
  counted: number;
  estimated: number;
}

export class SpeedMeter {
  private totals: Totals = { promptTokens: 0, promptSeconds: 0, generatedTokens: 0, generationSeconds: 0, counted: 0, estimated: 0 };
  private exact = false;

  /** The provider with every completed call timed; anything else passes through unchanged. */
  wrap(provider: LlmProvider): LlmProvider {
    const complete = (request: CompletionRequest) => this.timed(provider, request);
    return new Proxy(provider, {
      get(target, key) {
        if (key === 'complete') return complete;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  private async timed(provider: LlmProvider, request: CompletionRequest): Promise<Completion> {
    // The first call may load the model: info() waits for that, so loading is not counted as reading.
    const info = await provider.info(request.signal);
    const startedAt = performance.now();
    let firstAt: number | null = null;
    const completion = await provider.complete({
      ...request,
      onDelta: (delta) => {
        firstAt ??= performance.now();
        request.onDelta?.(delta);
      },
    });
    const endedAt = performance.now();
    this.add(info.kind !== 'replay' && completion.usage ? completion.usage : null, request, completion, { startedAt, firstAt: firstAt ?? endedAt, endedAt });
    this.exact ||= info.tokenizer === 'exact';
    return completion;
  }

  private add(usage: Completion['usage'] | null, request: CompletionRequest, completion: Completion, t: { startedAt: number; firstAt: number; endedAt: number }): void {
    const prompt = usage ? (usage.evaluatedTokens ?? usage.promptTokens) : estimate(request.messages.map((m) => m.content).join('\n'));
    const generated = usage ? usage.completionTokens : estimate(completion.text + completion.reasoning);
    this.totals.promptTokens += prompt;
    this.totals.promptSeconds += (t.firstAt - t.startedAt) / 1000;
    // The first token ends the reading; the rest were written after it.
    this.totals.generatedTokens += Math.max(0, generated - 1);
    this.totals.generationSeconds += (t.endedAt - t.firstAt) / 1000;
    if (usage) this.totals.counted++;
    else this.totals.estimated++;
  }

  /** The battery's speeds so far; null figures where no call said anything (no calls, nothing generated). */
  speed(): SelfTestSpeed {
    const t = this.totals;
    const rate = (tokens: number, seconds: number) => (tokens > 0 && seconds > 0 ? Math.round((tokens / seconds) * 10) / 10 : null);
    const source = t.counted > 0 && t.estimated === 0 ? (this.exact ? 'engine' : 'server') : 'estimated';
    return { promptPerSecond: rate(t.promptTokens, t.promptSeconds), generationPerSecond: rate(t.generatedTokens, t.generationSeconds), source };
  }
}
