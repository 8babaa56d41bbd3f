// The embedded provider on a tiny random-weight llama model: real llama.cpp, real tokenizer, real grammar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src-main/common/errors.js';
import type { ChatMessage } from '../../../src-main/core/ports.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

const live = () => new AbortController().signal;
let provider: LlamaCppProvider;

beforeAll(() => {
  provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 1024, seed: 7, sequences: 2 });
});
afterAll(async () => {
  await provider.dispose();
});

const conversation = (): ChatMessage[] => [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Say hello to the world please' },
];

describe('LlamaCppProvider', () => {
  it('reports the real context size and an exact tokenizer', async () => {
    const info = await provider.info();
    expect(info).toMatchObject({ kind: 'llama', local: true, contextSize: 1024, tokenizer: 'exact' });
    expect(await provider.countTokens('hello world')).toBeGreaterThan(0);
  });

  it('streams deltas that add up to the returned text (20 tokens)', async () => {
    const deltas: string[] = [];
    const reply = await provider.complete({ messages: conversation(), signal: live(), maxTokens: 20, onDelta: (d) => d.text && deltas.push(d.text) });
    expect(reply.usage?.completionTokens).toBe(20);
    expect(reply.truncated).toBe(true);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('').trim()).toBe(reply.text);
  });

  it('stops generating at once when the signal aborts mid-stream', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const run = provider.complete({
      messages: conversation(),
      signal: controller.signal,
      maxTokens: 500,
      onDelta: () => {
        if (++chunks === 3) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(chunks).toBeLessThan(6);
  });

  it('follows a JSON-schema grammar so the planner gets parseable JSON', async () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' }, pick: { enum: ['a', 'b', 'c'] } }, required: ['ok', 'pick'] };
    const reply = await provider.complete({ messages: conversation(), signal: live(), maxTokens: 60, jsonSchema: schema });
    const parsed = JSON.parse(reply.text) as { ok: unknown; pick: unknown };
    expect(typeof parsed.ok).toBe('boolean');
    expect(['a', 'b', 'c']).toContain(parsed.pick);
  });

  it('evaluates only the new tokens on the second turn of a cached conversation', async () => {
    const messages = conversation();
    const first = await provider.complete({ messages, signal: live(), maxTokens: 12, cacheKey: 'kv-test' });
    messages.push({ role: 'assistant', content: first.text }, { role: 'user', content: 'And now in French' });
    const second = await provider.complete({ messages, signal: live(), maxTokens: 12, cacheKey: 'kv-test' });
    const firstPrompt = first.usage!.promptTokens;
    const secondPrompt = second.usage!.promptTokens;
    // Without reuse the whole second prompt would be evaluated; with it, at most the reply and the new message.
    expect(second.usage!.evaluatedTokens).toBeLessThanOrEqual(secondPrompt - firstPrompt + 2);
    expect(second.usage!.evaluatedTokens).toBeLessThan(secondPrompt / 2);
  });

  it('forgets the conversation on release() but keeps its system prompt, proving the cache was what saved the work', async () => {
    const messages = conversation();
    await provider.complete({ messages, signal: live(), maxTokens: 4, cacheKey: 'release-test' });
    provider.release('release-test');
    const again = await provider.complete({ messages, signal: live(), maxTokens: 4, cacheKey: 'release-test' });
    const userTokens = await provider.countTokens(messages[1]!.content);
    expect(again.usage!.evaluatedTokens).toBeGreaterThanOrEqual(userTokens); // the user's message is evaluated again
    expect(again.usage!.evaluatedTokens).toBeLessThan(again.usage!.promptTokens - 1); // the system prompt is not
  });

  it('refuses a prompt longer than the context before evaluating it', async () => {
    const huge: ChatMessage[] = [{ role: 'user', content: 'word '.repeat(1500) }];
    const error = (await provider.complete({ messages: huge, signal: live() }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('CONTEXT_OVERFLOW');
    expect(error.message).toMatch(/1024/);
  });

  it('refuses when the requested reply would not fit after the prompt', async () => {
    const run = provider.complete({ messages: conversation(), signal: live(), maxTokens: 5000 });
    await expect(run).rejects.toMatchObject({ code: 'CONTEXT_OVERFLOW' });
  });

  it('says which file is missing instead of crashing', async () => {
    const missing = new LlamaCppProvider({ modelPath: '/nonexistent/model.gguf', logger: silentLogger, gpu: false });
    await expect(missing.info()).rejects.toMatchObject({ code: 'MODEL_LOAD_FAILED' });
  });
});

describe('LlamaCppProvider context size', () => {
  it('takes the context size from the model and memory when none is set (never from the name)', async () => {
    const auto = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1 });
    try {
      // The tiny model is trained on 2048 tokens and fits in memory: the whole of it.
      expect((await auto.info()).contextSize).toBe(2048);
    } finally {
      await auto.dispose();
    }
  });
});
