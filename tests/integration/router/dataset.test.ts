// The near-duplicate search that keeps held-out requests away from their near-copies in training
// (scripts/router/dataset.ts): its prunings must never lose a pair that an all-pairs comparison finds.
import { describe, expect, it } from 'vitest';
import { jaccard, shingles, similarPairs } from '../../../scripts/router/dataset.js';
import { seededRandom } from '../../../scripts/router/model.js';

function bruteForce(sets: Uint32Array[], threshold: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < sets.length; i++) for (let j = i + 1; j < sets.length; j++) if (jaccard(sets[i]!, sets[j]!) >= threshold) out.push(`${i}-${j}`);
  return out.sort();
}

/** Requests built from a small vocabulary, many of them variations of one another, of very different lengths. */
function corpus(count: number, seed: number): Uint32Array[] {
  const random = seededRandom(seed);
  const words = [
    'find',
    'my',
    'tax',
    'pdf',
    'files',
    'and',
    'email',
    'them',
    'to',
    'anna',
    'search',
    'the',
    'web',
    'for',
    'news',
    'write',
    'a',
    'script',
    'post',
    'slack',
    '天气',
    '明天',
    '搜索',
    'météo',
    'demain',
  ];
  const bases = Array.from({ length: 12 }, () => Array.from({ length: 2 + Math.floor(random() * 14) }, () => words[Math.floor(random() * words.length)]!));
  return Array.from({ length: count }, () => {
    const base = [...bases[Math.floor(random() * bases.length)]!];
    const edits = Math.floor(random() * 4);
    for (let e = 0; e < edits; e++) base.splice(Math.floor(random() * (base.length + 1)), random() < 0.5 ? 1 : 0, words[Math.floor(random() * words.length)]!);
    return shingles(base.join(' '));
  });
}

describe('router data set near-duplicate search', () => {
  it.each([0.3, 0.45, 0.5, 0.8])('finds exactly the pairs an all-pairs comparison finds at threshold %s', (threshold) => {
    const sets = corpus(400, Math.round(threshold * 100));
    const expected = bruteForce(sets, threshold);
    expect(expected.length).toBeGreaterThan(50); // the corpus really has near-duplicates at this level
    const found = similarPairs(sets, threshold)
      .map(([a, b]) => `${a}-${b}`)
      .sort();
    expect(found).toEqual(expected);
  });

  it('reports each pair once, smaller index first, with its similarity', () => {
    const sets = [shingles('find my tax pdfs'), shingles('find my tax pdf'), shingles('something else entirely')];
    const pairs = similarPairs(sets, 0.5);
    expect(pairs.length).toBe(1);
    expect(pairs[0]![0]).toBe(0);
    expect(pairs[0]![1]).toBe(1);
    expect(pairs[0]![2]).toBeCloseTo(jaccard(sets[0]!, sets[1]!), 12);
  });
});
