// Ollama's native NDJSON chat and Anthropic's SSE messages against a local fake server.
import { describe, expect, it } from 'vitest';
import type { LlmDelta } from '../../../src-main/core/ports.js';
import { AnthropicProvider } from '../../../src-main/node/llm/anthropic.js';
import { createLogger } from '../../../src-main/node/logger.js';
import { OllamaProvider } from '../../../src-main/node/llm/ollama.js';
import { deadUrl, json, useFakeServer, writeNdjson, writeSse, type FakeServer } from './fakeServer.js';

let server: FakeServer;
const logLines: string[] = [];
const logger = createLogger({ level: 'debug', sink: (l) => logLines.push(l) });
const live = () => new AbortController().signal;
const ask = [
  { role: 'system' as const, content: 'be brief' },
  { role: 'user' as const, content: 'hi' },
];

useFakeServer((s) => (server = s));

describe('OllamaProvider', () => {
  const ollama = (extra: Partial<ConstructorParameters<typeof OllamaProvider>[0]> = {}) => new OllamaProvider({ baseUrl: server.url, model: 'qwen3:8b', logger, ...extra });
  const showsContext = (n: number) =>
    server.routes.set('POST /api/show', (_q, res) => json(res, 200, { model_info: { 'general.architecture': 'qwen3', 'qwen3.context_length': n } }));

  it('sets num_ctx from the model so Ollama does not truncate to its small default', async () => {
    showsContext(40960);
    server.routes.set('POST /api/chat', (_q, res) =>
      writeNdjson(res, [
        { message: { role: 'assistant', content: '', thinking: 'pondering' } },
        { message: { role: 'assistant', content: 'Hel' } },
        { message: { role: 'assistant', content: 'lo' } },
        { message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', prompt_eval_count: 11, eval_count: 3 },
      ]),
    );
    const deltas: LlmDelta[] = [];
    const reply = await ollama().complete({ messages: ask, signal: live(), onDelta: (d) => deltas.push(d) });
    expect(reply).toEqual({ text: 'Hello', reasoning: 'pondering', truncated: false, usage: { promptTokens: 11, completionTokens: 3 } });
    expect(deltas).toEqual([{ reasoning: 'pondering' }, { text: 'Hel' }, { text: 'lo' }]);
    const sent = JSON.parse(server.requests.find((r) => r.path === '/api/chat')!.body) as { options: { num_ctx: number } };
    expect(sent.options.num_ctx).toBe(32768); // the model's 40960, capped: Ollama allocates it all up front
    expect(await ollama().info()).toMatchObject({ kind: 'ollama', contextSize: 32768, local: true });
  });

  it('uses the context size from settings when one is set', async () => {
    server.routes.set('POST /api/chat', (_q, res) => writeNdjson(res, [{ message: { content: 'ok' }, done: true, done_reason: 'length' }]));
    const reply = await ollama({ contextSize: 8000 }).complete({ messages: ask, signal: live() });
    expect(reply.truncated).toBe(true);
    expect((JSON.parse(server.requests.at(-1)!.body) as { options: { num_ctx: number } }).options.num_ctx).toBe(8000);
  });

  it('refuses a conversation that cannot fit num_ctx instead of letting Ollama cut it silently', async () => {
    showsContext(2048);
    server.routes.set('POST /api/chat', (_q, res) => writeNdjson(res, [{ message: { content: 'x' }, done: true }]));
    const long = [{ role: 'user' as const, content: 'word '.repeat(4000) }];
    await expect(ollama().complete({ messages: long, signal: live() })).rejects.toMatchObject({ code: 'CONTEXT_OVERFLOW' });
    expect(server.requests.some((r) => r.path === '/api/chat')).toBe(false);
  });

  it('maps a missing model to PROVIDER_MODEL_MISSING', async () => {
    server.routes.set('POST /api/show', (_q, res) => json(res, 404, { error: "model 'qwen3:8b' not found" }));
    await expect(ollama().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_MODEL_MISSING' });
  });

  it('reports a stream cut before done as a disconnect', async () => {
    showsContext(4096);
    server.routes.set('POST /api/chat', (_q, res) => writeNdjson(res, [{ message: { content: 'a' } }, { message: { content: 'b' } }, { done: true }], { drop: 2, delayMs: 20 }));
    await expect(ollama().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringMatching(/closed/) });
  });

  it('waits for a slow first line', async () => {
    showsContext(4096);
    server.routes.set('POST /api/chat', (_q, res) => writeNdjson(res, [{ message: { content: 'late' }, done: true }], { firstDelayMs: 1000 }));
    expect((await ollama({ idleTimeoutMs: 4000 }).complete({ messages: ask, signal: live() })).text).toBe('late');
  });

  it('says Ollama is not running when nothing listens', async () => {
    await expect(new OllamaProvider({ baseUrl: await deadUrl(), model: 'm', logger }).info()).rejects.toMatchObject({ code: 'PROVIDER_UNREACHABLE' });
  });
});

describe('AnthropicProvider', () => {
  const KEY = 'sk-ant-secret-xyz';
  const anthropic = () => new AnthropicProvider({ baseUrl: server.url, model: 'claude-sonnet-4-5', apiKey: KEY, logger, thinkingBudget: 2048 });
  const events = [
    { type: 'message_start', message: { usage: { input_tokens: 9 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'let me see' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Bon' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'jour' } },
    { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } },
    { type: 'message_stop' },
  ];

  it('streams thinking and text deltas with the system prompt sent apart', async () => {
    server.routes.set('POST /v1/messages', (_q, res) => writeSse(res, events, { named: true }));
    const deltas: LlmDelta[] = [];
    const reply = await anthropic().complete({ messages: ask, signal: live(), onDelta: (d) => deltas.push(d) });
    expect(reply).toEqual({ text: 'Bonjour', reasoning: 'let me see', truncated: false, usage: { promptTokens: 9, completionTokens: 4 } });
    expect(deltas).toEqual([{ reasoning: 'let me see' }, { text: 'Bon' }, { text: 'jour' }]);
    const req = server.requests[0]!;
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(req.body)).toMatchObject({ system: 'be brief', messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'enabled', budget_tokens: 2048 } });
  });

  it('maps 401 to PROVIDER_AUTH and never logs the key', async () => {
    server.routes.set('POST /v1/messages', (_q, res) => json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }));
    await expect(anthropic().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_AUTH' });
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  it('maps 404 to PROVIDER_MODEL_MISSING', async () => {
    server.routes.set('POST /v1/messages', (_q, res) => json(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'model: claude-x' } }));
    await expect(anthropic().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_MODEL_MISSING' });
  });

  it('reports a stream cut before message_stop as a disconnect', async () => {
    server.routes.set('POST /v1/messages', (_q, res) => writeSse(res, events, { named: true, drop: 6, delayMs: 20 }));
    await expect(anthropic().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it('refuses to start without a key', () => {
    expect(() => new AnthropicProvider({ model: 'claude-sonnet-4-5', apiKey: '', logger })).toThrow(/API key/);
  });
});
