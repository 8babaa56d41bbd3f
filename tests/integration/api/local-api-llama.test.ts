// The local API on the real embedded engine (node-llama-cpp on the tiny random-weight GGUF), driven
// by the official `openai` client: the model's output is gibberish by design; what is checked is the
// plumbing: streaming, the engine stopping when the client goes away, stop sequences, embeddings, and
// requests sharing the one loaded model with the app's own generation.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../../src-main/node/api/server.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { startLlamaApi } from '../../helpers/llamaLocalApi.js';

const TOKEN = 'agentic-llama-test-token-0123456789abcdef';
let llama: LlamaCppProvider;
let api: LocalApi;
let client: OpenAI;
let model: string;
/** How each generation the API started ended: 'done' or the error's code. */
const outcomes: string[] = [];

beforeAll(async () => {
  ({ llama, api, client, model } = await startLlamaApi({ token: TOKEN, seed: 7, outcomes }));
});
afterAll(async () => {
  await api.close();
  await llama.dispose();
});

const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'Say hello to the world please' },
];

describe('the local API on llama.cpp', () => {
  it('serves the loaded GGUF under its file name and streams a reply token by token up to max_tokens', async () => {
    expect(model).toMatch(/\.gguf$/);
    const stream = await client.chat.completions.create({ model, messages, max_tokens: 24, stream: true, stream_options: { include_usage: true } });
    let text = '';
    let chunks = 0;
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const c = chunk.choices[0];
      if (c?.delta.content) {
        text += c.delta.content;
        chunks++;
      }
      if (c?.finish_reason) finish = c.finish_reason;
    }
    expect(chunks).toBeGreaterThan(1);
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe('length');
    expect(usage?.completion_tokens).toBe(24);
  });

  it('stops the generation in the engine when the client aborts mid-stream', async () => {
    outcomes.length = 0;
    const stream = await client.chat.completions.create({ model, messages, max_tokens: 1500, stream: true });
    let seen = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content && ++seen === 3) stream.controller.abort();
    }
    // The engine's own call ended as cancelled, not done: it did not run on to its 1500 tokens.
    await expect.poll(() => outcomes).toEqual(['CANCELLED']);
    // The model is free again: the next request is served at once.
    const next = await client.chat.completions.create({ model, messages, max_tokens: 5 });
    expect(next.usage?.completion_tokens).toBe(5);
    expect(outcomes).toEqual(['CANCELLED', 'done']);
  });

  it('temperature 0 is deterministic, and a stop sequence cuts that same text where it first appears', async () => {
    const first = await client.chat.completions.create({ model, messages, max_tokens: 30, temperature: 0 });
    const again = await client.chat.completions.create({ model, messages, max_tokens: 30, temperature: 0 });
    const text = first.choices[0]!.message.content!;
    expect(again.choices[0]!.message.content).toBe(text);
    const stop = text.slice(Math.floor(text.length / 2), Math.floor(text.length / 2) + 3);
    const cut = await client.chat.completions.create({ model, messages, max_tokens: 30, temperature: 0, stop: [stop] });
    expect(cut.choices[0]!.message.content).toBe(text.slice(0, text.indexOf(stop)));
    expect(cut.choices[0]!.finish_reason).toBe('stop');
  });

  it('embeds texts with the loaded model (the client decodes the base64 it asks for by default)', async () => {
    const result = await client.embeddings.create({ model, input: ['hello world', 'a different sentence'] });
    expect(result.data).toHaveLength(2);
    const [a, b] = result.data.map((d) => d.embedding);
    expect(a!.length).toBe(64);
    expect(a!.every(Number.isFinite)).toBe(true);
    expect(a).not.toEqual(b);
    const floats = await client.embeddings.create({ model, input: 'hello world', encoding_format: 'float' });
    expect(floats.data[0]!.embedding[0]).toBeCloseTo(a![0]!, 5);
  });

  it('serves concurrent requests while the app generates on the same model, each to its full length', async () => {
    outcomes.length = 0;
    const appTurn = llama.complete({ messages, signal: new AbortController().signal, maxTokens: 60, cacheKey: 'app-session' });
    const requests = [0, 1, 2].map(() => client.chat.completions.create({ model, messages, max_tokens: 12 }));
    const [app, ...replies] = await Promise.all([appTurn, ...requests]);
    expect(app.usage?.completionTokens).toBe(60);
    for (const reply of replies as OpenAI.ChatCompletion[]) expect(reply.usage?.completion_tokens).toBe(12);
    expect(outcomes).toEqual(['done', 'done', 'done']);
  });
});

describe('without a loadable model', () => {
  it('lists no model and answers a completion with 503 and the reason, not a crash', async () => {
    const missing = new LlamaCppProvider({ modelPath: '/nonexistent/model.gguf', logger: silentLogger, gpu: false, threads: 1 });
    const down = await startLocalApi({ provider: () => missing, turns: null, logger: silentLogger }, { token: TOKEN });
    try {
      const c = new OpenAI({ baseURL: down.baseUrl, apiKey: TOKEN, maxRetries: 0 });
      expect((await c.models.list()).data).toEqual([]);
      await expect(c.chat.completions.create({ model: 'model.gguf', messages })).rejects.toMatchObject({ status: 503, message: expect.stringContaining('Model file not found') });
    } finally {
      await down.close();
      await missing.dispose();
    }
  });
});
