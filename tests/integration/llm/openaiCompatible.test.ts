// The OpenAI-compatible adapter against a local server speaking the chat-completions SSE format.
import { describe, expect, it } from 'vitest';
import type { LlmDelta } from '../../../src-main/core/ports.js';
import { createLogger } from '../../../src-main/node/logger.js';
import { OpenAiCompatibleProvider } from '../../../src-main/node/llm/openaiCompatible.js';
import { deadUrl, json, useFakeServer, writeSse, type FakeServer } from './fakeServer.js';

const KEY = 'sk-test-secret-123';
let server: FakeServer;
const logLines: string[] = [];
const logger = createLogger({ level: 'debug', sink: (l) => logLines.push(l) });
const live = () => new AbortController().signal;
const ask = [{ role: 'user' as const, content: 'hi' }];

const chunk = (delta: object, finish: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason: finish }] });
const provider = (extra: Partial<ConstructorParameters<typeof OpenAiCompatibleProvider>[0]> = {}) =>
  new OpenAiCompatibleProvider({ baseUrl: `${server.url}/v1`, model: 'm1', apiKey: KEY, logger, ...extra });

useFakeServer((s) => (server = s));

describe('OpenAiCompatibleProvider', () => {
  it('splits reasoning from reasoning_content, reasoning and <think> text, streaming both', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) =>
      writeSse(res, [
        chunk({ reasoning_content: 'first ' }),
        chunk({ reasoning: 'second' }),
        chunk({ content: '<thi' }),
        chunk({ content: 'nk>inline</think>Hel' }),
        chunk({ content: 'lo' }, 'stop'),
        { choices: [], usage: { prompt_tokens: 5, completion_tokens: 7 } },
        '[DONE]',
      ]),
    );
    const deltas: LlmDelta[] = [];
    const reply = await provider().complete({ messages: ask, signal: live(), onDelta: (d) => deltas.push(d) });
    expect(reply).toMatchObject({ text: 'Hello', truncated: false, usage: { promptTokens: 5, completionTokens: 7 } });
    expect(reply.reasoning).toBe('first second\n\ninline');
    expect(deltas.map((d) => d.text ?? '').join('')).toBe('Hello');
    expect(deltas.map((d) => d.reasoning ?? '').join('')).toBe('first secondinline');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ model: 'm1', stream: true });
  });

  it('passes a JSON schema as response_format, or only asks for JSON where the server supports no more', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) => writeSse(res, [chunk({ content: '{}' }, 'stop')]));
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    await provider().complete({ messages: ask, signal: live(), jsonSchema: schema });
    await provider({ structuredOutput: 'json_object' }).complete({ messages: ask, signal: live(), jsonSchema: schema });
    const formats = server.requests.map((r) => (JSON.parse(r.body) as { response_format: unknown }).response_format);
    expect(formats).toEqual([{ type: 'json_schema', json_schema: { name: 'reply', schema } }, { type: 'json_object' }]);
  });

  it('waits for a slow first token instead of a fixed timeout', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) => writeSse(res, [chunk({ content: 'late' }, 'stop')], { firstDelayMs: 1200 }));
    const reply = await provider({ idleTimeoutMs: 5000 }).complete({ messages: ask, signal: live() });
    expect(reply.text).toBe('late');
  });

  it('drops a stream that goes silent past the idle timeout with an actionable error', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) => writeSse(res, [chunk({ content: 'a' }), chunk({ content: 'b' }, 'stop')], { delayMs: 1500 }));
    await expect(provider({ idleTimeoutMs: 300 }).complete({ messages: ask, signal: live() })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/idle timeout/),
    });
  });

  it('reports a mid-stream disconnect instead of returning half a reply', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) =>
      writeSse(res, [chunk({ content: 'par' }), chunk({ content: 'tial' }), chunk({ content: 'x' }, 'stop')], { drop: 2, delayMs: 20 }),
    );
    await expect(provider().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringMatching(/closed the connection/) });
  });

  it('maps 401 to PROVIDER_AUTH without logging the key', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) => json(res, 401, { error: { message: 'Incorrect API key provided: sk-test-secret-123' } }));
    const error = await provider()
      .complete({ messages: ask, signal: live() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH' });
    expect((error as Error).message).not.toContain(KEY);
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  it('maps 404 for an unknown model to PROVIDER_MODEL_MISSING', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) => json(res, 404, { error: { message: 'The model `m1` does not exist' } }));
    await expect(provider().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_MODEL_MISSING' });
  });

  it('maps a context-length rejection to CONTEXT_OVERFLOW', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) =>
      json(res, 400, { error: { message: "This model's maximum context length is 4096 tokens", code: 'context_length_exceeded' } }),
    );
    await expect(provider().complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'CONTEXT_OVERFLOW' });
  });

  it('says the server is unreachable when nothing listens', async () => {
    const p = new OpenAiCompatibleProvider({ baseUrl: `${await deadUrl()}/v1`, model: 'm', logger });
    await expect(p.complete({ messages: ask, signal: live() })).rejects.toMatchObject({ code: 'PROVIDER_UNREACHABLE' });
  });

  it('stops at once when the caller aborts mid-stream', async () => {
    server.routes.set('POST /v1/chat/completions', (_q, res) =>
      writeSse(
        res,
        Array.from({ length: 50 }, () => chunk({ content: 'x' })),
        { delayMs: 50 },
      ),
    );
    const controller = new AbortController();
    const started = performance.now();
    const run = provider().complete({ messages: ask, signal: controller.signal, onDelta: () => controller.abort() });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('takes the context size from llama.cpp server /props', async () => {
    server.routes.set('GET /props', (_q, res) => json(res, 200, { default_generation_settings: { n_ctx: 16384 } }));
    expect(await provider().info()).toMatchObject({ contextSize: 16384, contextSizeSource: 'server', local: true, tokenizer: 'estimate' });
  });

  it('takes the context size from a vLLM-style /v1/models max_model_len', async () => {
    server.routes.set('GET /v1/models', (_q, res) =>
      json(res, 200, {
        data: [
          { id: 'other', max_model_len: 1 },
          { id: 'm1', max_model_len: 32768 },
        ],
      }),
    );
    expect(await provider().info()).toMatchObject({ contextSize: 32768, contextSizeSource: 'server' });
  });

  it('marks the context size as an estimate when no one says it', async () => {
    expect(await provider({ model: 'unknown-model' }).info()).toMatchObject({ contextSize: 8192, contextSizeSource: 'estimate' });
    expect(await provider({ model: 'gpt-4o' }).info()).toMatchObject({ contextSize: 128000, contextSizeSource: 'table' });
  });
});
