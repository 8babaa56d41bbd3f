import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../common/events.js';
import { EventChannel, type EventBatch } from './eventChannel.js';

const delta = (seq: number, text: string, call = 1): AppEvent => ({ type: 'answer.delta', seq, sessionId: 's', turnId: 't', call, text });
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('EventChannel', () => {
  it('batches consecutive token deltas into one event per flush', async () => {
    const sent: EventBatch[] = [];
    const channel = new EventChannel((b) => sent.push(b), { tokenFlushMs: 5 });
    for (let i = 0; i < 50; i++) channel.push(delta(i + 1, `t${i} `));
    await tick(20);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(1);
    expect((sent[0]!.events[0] as { text: string }).text).toBe(Array.from({ length: 50 }, (_, i) => `t${i} `).join(''));
  });

  it('keeps deltas of different model calls apart', async () => {
    const sent: EventBatch[] = [];
    const channel = new EventChannel((b) => sent.push(b), { tokenFlushMs: 1 });
    channel.push(delta(1, 'a', 1));
    channel.push(delta(2, 'b', 2));
    await tick(10);
    expect(sent[0]!.events.map((e) => (e as { text: string }).text)).toEqual(['a', 'b']);
  });

  it('stops sending while the client has not acknowledged, and resumes on ack (flow control)', async () => {
    const sent: EventBatch[] = [];
    const channel = new EventChannel((b) => sent.push(b), { tokenFlushMs: 1, maxUnacked: 2 });
    for (let round = 0; round < 5; round++) {
      channel.push({ type: 'sessions.changed', seq: round, sessionId: null, turnId: null });
      await tick(5);
    }
    expect(sent).toHaveLength(2);
    expect(channel.pending).toBeGreaterThan(0);
    channel.ack(sent[0]!.batch);
    await tick(5);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.events.length).toBe(3);
  });

  it('merges terminal output per block while the client is behind', async () => {
    const sent: EventBatch[] = [];
    const channel = new EventChannel((b) => sent.push(b), { terminalFlushMs: 1, maxUnacked: 1 });
    channel.push({ type: 'terminal.output', seq: 1, sessionId: 's', turnId: 't', blockId: 'b', data: 'x' });
    await tick(5);
    for (let i = 0; i < 1000; i++) channel.push({ type: 'terminal.output', seq: i + 2, sessionId: 's', turnId: 't', blockId: 'b', data: 'y' });
    await tick(5);
    expect(sent).toHaveLength(1);
    expect(channel.pending).toBe(1);
    channel.ack(1);
    await tick(5);
    expect((sent[1]!.events[0] as { data: string }).data).toHaveLength(1000);
  });
});
