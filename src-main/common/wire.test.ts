import { describe, expect, it } from 'vitest';
import { encodeMessage, readClientMessage, readServerMessage } from './wire.js';

describe('the page ↔ app wire', () => {
  it('reads back what each side encodes', () => {
    const request = { id: 7, command: 'session.list', input: {} };
    expect(readClientMessage(encodeMessage(request))).toEqual(request);
    expect(readClientMessage(encodeMessage({ ack: 3 }))).toEqual({ ack: 3 });
    const answer = { id: 7, result: { ok: true as const, value: [] } };
    expect(readServerMessage(encodeMessage(answer))).toEqual(answer);
    expect(readServerMessage(encodeMessage({ events: [{ type: 'x' }], batch: 2 }))).toEqual({ events: [{ type: 'x' }], batch: 2 });
  });

  it('tells a page that sends garbage (closed) from one that sends an unknown shape (ignored)', () => {
    for (const text of ['{', 'null', '[1,2]', '"text"', '42']) expect(readClientMessage(text)).toBe('not-json');
    expect(readClientMessage('{"id":"7","command":"session.list"}')).toBe('unknown');
    expect(readClientMessage('{"id":7}')).toEqual({ id: 7, command: '', input: undefined });
    expect(readClientMessage('{"hello":"newer page"}')).toBe('unknown');
  });

  it('ignores an answer without a result envelope and events without a batch number', () => {
    expect(readServerMessage('{"id":1,"result":"done"}')).toBeNull();
    expect(readServerMessage('{"events":[],"batch":"1"}')).toBeNull();
    expect(readServerMessage('not json')).toBeNull();
  });
});
