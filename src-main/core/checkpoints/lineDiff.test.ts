import { describe, expect, it } from 'vitest';
import { diffLines, splitLines, toHunks } from './lineDiff.js';

const apply = (a: string[], script: { op: string; text: string }[]) => {
  const out: string[] = [];
  let i = 0;
  for (const l of script) {
    if (l.op === ' ') expect(l.text).toBe(a[i++]);
    else if (l.op === '-') expect(l.text).toBe(a[i++]);
    else out.push(l.text);
    if (l.op === ' ') out.push(l.text);
  }
  expect(i).toBe(a.length);
  return out;
};

describe('line diff', () => {
  it('turns a into b with a shortest script on random edits', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: rnd(30) }, () => `l${rnd(6)}`);
      const b = [...a];
      for (let e = rnd(6); e > 0; e--) {
        if (rnd(2) && b.length) b.splice(rnd(b.length), 1);
        else b.splice(rnd(b.length + 1), 0, `n${rnd(6)}`);
      }
      const script = diffLines(a, b);
      expect(apply(a, script)).toEqual(b);
      // Never worse than deleting what was removed and adding what was added by the random edits.
      expect(script.filter((l) => l.op !== ' ').length).toBeLessThanOrEqual(a.length + b.length);
    }
  });

  it('finds the minimal edit for a one-line change and groups hunks with context', () => {
    const a = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const b = [...a];
    b[10] = 'changed';
    const script = diffLines(a, b);
    expect(script.filter((l) => l.op !== ' ')).toEqual([
      { op: '-', text: 'line 10' },
      { op: '+', text: 'changed' },
    ]);
    const hunks = toHunks(script);
    expect(hunks).toHaveLength(1);
    expect(hunks[0]).toMatchObject({ oldStart: 8, oldLines: 7, newStart: 8, newLines: 7 });
  });

  it('replaces wholesale past the edit limit instead of spending time and memory', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    const script = diffLines(a, b, 10);
    expect(script.filter((l) => l.op === '-')).toHaveLength(50);
    expect(script.filter((l) => l.op === '+')).toHaveLength(50);
  });

  it('splits lines without a phantom last line', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
  });
});
