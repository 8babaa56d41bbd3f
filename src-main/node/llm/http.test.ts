import { describe, expect, it } from 'vitest';
import { contextFromModelEntry, tableOrFallback } from './contextSize.js';
import { httpError, idleGuard, readSse } from './http.js';

const label = { provider: 'Srv', model: 'm', baseUrl: 'http://x' };
const bodyOf = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });

describe('readSse', () => {
  it('reassembles events split across chunks and CRLF line ends', async () => {
    const guard = idleGuard(new AbortController().signal, 10_000);
    const events = [];
    for await (const e of readSse(bodyOf(['event: a\r\nda', 'ta: {"x":1}\r\n\r\ndata: two\n', '\n']), guard)) events.push(e);
    guard.dispose();
    expect(events).toEqual([
      { event: 'a', data: '{"x":1}' },
      { event: 'message', data: 'two' },
    ]);
  });
});

describe('httpError', () => {
  it.each([
    [401, '{"error":{"message":"bad key"}}', 'PROVIDER_AUTH'],
    [403, 'forbidden', 'PROVIDER_AUTH'],
    [404, '{"error":"model \\"m\\" not found"}', 'PROVIDER_MODEL_MISSING'],
    [400, '{"error":{"message":"model xyz does not exist"}}', 'PROVIDER_MODEL_MISSING'],
    [400, '{"error":{"message":"prompt is too long: 210000 tokens > 200000 maximum"}}', 'CONTEXT_OVERFLOW'],
    [500, 'boom', 'PROVIDER_ERROR'],
  ])('maps HTTP %i to the error a user can act on', (status, body, code) => {
    expect(httpError(status, body, label).code).toBe(code);
  });
  it('keeps the message to one line', () => {
    expect(httpError(500, 'a\n\nb', label).message).not.toContain('\n');
  });
});

describe('idleGuard', () => {
  it('fires after silence and says it was the timeout, not the caller', async () => {
    const guard = idleGuard(new AbortController().signal, 30);
    await new Promise((r) => setTimeout(r, 60));
    expect(guard.signal.aborted).toBe(true);
    expect(guard.timedOut).toBe(true);
    guard.dispose();
  });
  it('passes the caller abort through', () => {
    const outer = new AbortController();
    const guard = idleGuard(outer.signal, 10_000);
    outer.abort();
    expect(guard.signal.aborted).toBe(true);
    expect(guard.timedOut).toBe(false);
    guard.dispose();
  });
});

describe('context size discovery', () => {
  it('reads the fields vLLM, OpenRouter and llama.cpp servers use', () => {
    expect(contextFromModelEntry({ max_model_len: 32768 })).toBe(32768);
    expect(contextFromModelEntry({ context_length: 131072 })).toBe(131072);
    expect(contextFromModelEntry({ top_provider: { context_length: 65536 } })).toBe(65536);
    expect(contextFromModelEntry({ meta: { n_ctx_train: 4096 } })).toBe(4096);
    expect(contextFromModelEntry({ id: 'x' })).toBeNull();
  });
  it('never guesses from a model name: only exact ids are in the table', () => {
    expect(tableOrFallback('gpt-4o').source).toBe('table');
    expect(tableOrFallback('my-gpt-4o-finetune-128k')).toEqual({ size: 8192, source: 'fallback' });
  });
});
