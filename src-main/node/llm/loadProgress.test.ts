// node-llama-cpp reports a large model's load hundreds of times: the header gets at most one update
// per whole percent and per 100 ms, never going back, and always the start, the end and a failure.
import { describe, expect, it } from 'vitest';
import type { ModelLoad } from '../../common/events.js';
import { createLoadReporter } from './loadProgress.js';

function reporter() {
  const seen: ModelLoad[] = [];
  let clock = 0;
  const r = createLoadReporter('m.gguf', (l) => seen.push(l), { intervalMs: 100, now: () => clock });
  return { seen, r, tick: (ms: number) => (clock += ms) };
}

describe('createLoadReporter', () => {
  it('starts at 0, passes on the first report, then one per 100 ms and whole percent, and ends at 1 when loaded', () => {
    const { seen, r, tick } = reporter();
    r.progress(0.49);
    for (let i = 0; i < 500; i++) {
      tick(1);
      r.progress(0.49 + i / 1000); // every millisecond, a tenth of a percent
    }
    r.progress(1); // the file is read; the context is still being made
    r.loaded();
    const values = seen.map((l) => l.progress);
    expect(seen[0]).toEqual({ model: 'm.gguf', status: 'loading', progress: 0, message: null });
    expect(values[1]).toBeCloseTo(0.49);
    expect(seen.length).toBeLessThanOrEqual(2 + 5 + 1); // start, first, one per 100 ms, loaded
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(seen.slice(0, -1).every((l) => l.status === 'loading' && l.progress < 1)).toBe(true);
    expect(seen.at(-1)).toEqual({ model: 'm.gguf', status: 'loaded', progress: 1, message: null });
  });

  it('never goes back, ignores what is not a number, and reports nothing after the end', () => {
    const { seen, r, tick } = reporter();
    r.progress(0.5);
    tick(200);
    r.progress(0.3);
    r.progress(Number.NaN);
    tick(200);
    r.progress(0.505); // same whole percent
    expect(seen.map((l) => l.progress)).toEqual([0, 0.5]);
    r.failed('out of memory');
    r.progress(0.9);
    r.loaded();
    expect(seen.at(-1)).toEqual({ model: 'm.gguf', status: 'failed', progress: 0.5, message: 'out of memory' });
    expect(seen).toHaveLength(3);
  });
});
