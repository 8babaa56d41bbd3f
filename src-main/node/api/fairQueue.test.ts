import { describe, expect, it } from 'vitest';
import { FairQueue } from './fairQueue.js';

const live = () => new AbortController().signal;

describe('FairQueue', () => {
  it('runs one at a time, in arrival order', async () => {
    const queue = new FairQueue(1);
    const order: string[] = [];
    let release!: () => void;
    const first = queue.run(live(), () => new Promise<void>((r) => (release = r)).then(() => void order.push('a')));
    const second = queue.run(live(), async () => void order.push('b'));
    const third = queue.run(live(), async () => void order.push('c'));
    expect(queue.size).toBe(2);
    await new Promise((r) => setTimeout(r, 0)); // the first one's work has started
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('drops a waiter whose client left, and answers 429 past the waiting limit', async () => {
    const queue = new FairQueue(1, 1);
    let release!: () => void;
    const busy = queue.run(live(), () => new Promise<void>((r) => (release = r)));
    const gone = new AbortController();
    const leaving = queue.run(gone.signal, async () => 'ran');
    await expect(queue.run(live(), async () => 'x')).rejects.toMatchObject({ status: 429 });
    gone.abort();
    await expect(leaving).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(queue.size).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    release();
    await busy;
    await expect(queue.run(live(), async () => 'after')).resolves.toBe('after');
  });
});
