import { describe, expect, it } from 'vitest';
import { describeSpeed } from '../../common/selfTest.js';
import { ReplayProvider } from '../../core/llm/replay.js';
import type { CompletionRequest, LlmProvider } from '../../core/ports.js';
import { SpeedMeter } from './meter.js';

const request = (): CompletionRequest => ({ messages: [{ role: 'user', content: 'Write a long answer. '.repeat(40) }], signal: new AbortController().signal });

/** A model server's provider (the port): it streams in pieces and reports the server's counts. */
const server = (usage: boolean): LlmProvider => ({
  info: async () => ({ kind: 'openai', model: 'm', local: false, contextSize: 8192, tokenizer: 'estimate' }),
  countTokens: async (t) => t.length,
  complete: async (r) => {
    for (const piece of ['Hel', 'lo ', 'there']) {
      await new Promise((done) => setTimeout(done, 5));
      r.onDelta?.({ text: piece });
    }
    return { text: 'Hello there', reasoning: '', truncated: false, ...(usage ? { usage: { promptTokens: 120, completionTokens: 3 } } : {}) };
  },
});

describe('self-test speed meter', () => {
  it("labels Replay's figures as estimates, whatever counts it reports", async () => {
    const meter = new SpeedMeter();
    const replay = meter.wrap(new ReplayProvider({ responses: ['The answer is 42, as asked. '.repeat(20)] }, { chunkDelayMs: 1 }));
    const done = await replay.complete(request());
    expect(done.text).toContain('The answer is 42');
    const speed = meter.speed();
    expect(speed.source).toBe('estimated');
    expect(speed.generationPerSecond).toBeGreaterThan(0);
    expect(describeSpeed(speed)).toMatch(/^prompt [\d.]+ t\/s, generation [\d.]+ t\/s \(estimated, about 4 characters a token\)$/);
  });

  it("uses a server's own token counts, and estimates (said so) where one call had none", async () => {
    const meter = new SpeedMeter();
    await meter.wrap(server(true)).complete(request());
    expect(meter.speed()).toMatchObject({ source: 'server', promptPerSecond: expect.any(Number), generationPerSecond: expect.any(Number) });
    await meter.wrap(server(false)).complete(request());
    expect(meter.speed().source).toBe('estimated');
  });

  it('passes deltas through and says nothing before any call', async () => {
    const meter = new SpeedMeter();
    expect(meter.speed()).toEqual({ promptPerSecond: null, generationPerSecond: null, source: 'estimated' });
    const seen: string[] = [];
    await meter.wrap(server(true)).complete({ ...request(), onDelta: (d) => seen.push(d.text ?? '') });
    expect(seen.join('')).toBe('Hello there');
    expect(describeSpeed(undefined)).toBe('speed not measured');
  });
});
