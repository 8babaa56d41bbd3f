// The router's labelled data set: JSON lines in resources/router/data/*.jsonl, validated, grouped
// by near-duplicate text, and split into train and held-out test by a hash of each group, so that
// no held-out request has a near-copy in training.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { COMPLEXITIES } from '../../src-main/common/agents.js';
import { AppError } from '../../src-main/common/errors.js';
import { normalize } from '../../src-main/core/routing/featurizer.js';
import { fnv1a, fnv1aCodePoint } from '../../src-main/core/routing/hash.js';
import { ROUTER_AGENT_LABELS } from '../../src-main/core/routing/policy.js';

export const ExampleSchema = z.object({
  text: z.string().trim().min(1),
  agent: z.enum(ROUTER_AGENT_LABELS),
  complexity: z.enum(COMPLEXITIES),
  lang: z.string().min(2).max(8),
});
export type Example = z.infer<typeof ExampleSchema> & { source: string; line: number };

export interface DataFileInfo {
  file: string;
  lines: number;
  fnv1a: string;
}

export function loadDataset(dir: string): { examples: Example[]; files: DataFileInfo[] } {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
  } catch (cause) {
    throw new AppError('NOT_FOUND', `No router data set at ${dir}.`, { cause });
  }
  if (names.length === 0) throw new AppError('NOT_FOUND', `No *.jsonl files in ${dir}.`);
  const examples: Example[] = [];
  const files: DataFileInfo[] = [];
  for (const name of names) {
    const raw = readFileSync(join(dir, name), 'utf8');
    const lines = raw.split('\n');
    let count = 0;
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      examples.push({ ...parseLine(line, `${name}:${index + 1}`), source: name, line: index + 1 });
      count++;
    });
    files.push({ file: name, lines: count, fnv1a: fnv1a(raw).toString(16).padStart(8, '0') });
  }
  return { examples, files };
}

function parseLine(line: string, where: string): z.infer<typeof ExampleSchema> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (cause) {
    throw new AppError('BAD_INPUT', `${where}: not JSON.`, { cause });
  }
  const parsed = ExampleSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_INPUT', `${where}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Sorted distinct hashes of the normalised text's character 4-grams (the unit of similarity). */
export function shingles(text: string): Uint32Array {
  const cps = Array.from(` ${normalize(text)} `, (c) => c.codePointAt(0)!);
  const n = Math.min(4, cps.length);
  const out: number[] = [];
  for (let i = 0; i + n <= cps.length; i++) {
    let h = 0x811c9dc5;
    for (let k = 0; k < n; k++) h = fnv1aCodePoint(h, cps[i + k]!);
    out.push(h);
  }
  const sorted = Uint32Array.from(out).sort();
  return sorted.filter((v, i) => i === 0 || v !== sorted[i - 1]);
}

export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  const union = a.length + b.length - common;
  return union === 0 ? 1 : common / union;
}

/**
 * Every pair of sets whose Jaccard similarity reaches `threshold`, exactly, without comparing all
 * pairs: with elements ordered rarest first, two sets that similar must share an element within
 * the first |A| - ceil(threshold·|A|) + 1 of each (prefix filtering).
 */
export function similarPairs(sets: Uint32Array[], threshold: number): Array<[number, number, number]> {
  const frequency = new Map<number, number>();
  for (const set of sets) for (const v of set) frequency.set(v, (frequency.get(v) ?? 0) + 1);
  const rarestFirst = (a: number, b: number) => frequency.get(a)! - frequency.get(b)! || a - b;
  const index = new Map<number, number[]>();
  const seen = new Int32Array(sets.length).fill(-1);
  const pairs: Array<[number, number, number]> = [];
  sets.forEach((set, i) => {
    const prefix = Array.from(set).sort(rarestFirst).slice(0, set.length - Math.ceil(threshold * set.length) + 1);
    for (const v of prefix) {
      const postings = index.get(v) ?? [];
      for (const j of postings) {
        if (seen[j] === i) continue;
        seen[j] = i;
        const other = sets[j]!;
        if (Math.min(set.length, other.length) < threshold * Math.max(set.length, other.length)) continue;
        const similarity = jaccard(set, other);
        if (similarity >= threshold) pairs.push([j, i, similarity]);
      }
      postings.push(i);
      index.set(v, postings);
    }
  });
  return pairs;
}

/** Connected components of the pairs at least `threshold` similar; returns a group per example. */
export function nearDuplicateGroups(count: number, pairs: Array<[number, number, number]>, threshold: number): Int32Array {
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (const [a, b, similarity] of pairs) if (similarity >= threshold) parent[find(a)] = find(b);
  return Int32Array.from({ length: count }, (_, i) => find(i));
}

/** Cross-split similarities are only searched down to this level; below it the report says "< REPORT_FLOOR". */
export const CROSS_SIMILARITY_FLOOR = 0.3;

export interface Split {
  train: Example[];
  test: Example[];
  groups: number;
  /**
   * Highest similarity between a held-out and a training example (below the threshold by
   * construction); 0 when no pair reaches CROSS_SIMILARITY_FLOOR; null when not measured.
   */
  maxCrossSimilarity: number | null;
}

export const SPLIT_DEFAULTS = { testFraction: 0.2, threshold: 0.5, seed: 'router-split-v1' };

/**
 * `measureCrossSimilarity` also searches pairs down to CROSS_SIMILARITY_FLOOR to report how close the
 * held-out split comes to training (the report needs it, training does not): the lower floor makes
 * prefix filtering far less selective (about 8 s instead of 3.5 s on 10k examples here).
 */
export function splitDataset(examples: Example[], options = SPLIT_DEFAULTS, measureCrossSimilarity = false): Split {
  const sets = examples.map((e) => shingles(e.text));
  const pairs = similarPairs(sets, measureCrossSimilarity ? Math.min(options.threshold, CROSS_SIMILARITY_FLOOR) : options.threshold);
  const group = nearDuplicateGroups(examples.length, pairs, options.threshold);
  const keyOf = new Map<number, string>();
  examples.forEach((e, i) => {
    const key = normalize(e.text);
    const current = keyOf.get(group[i]!);
    if (current === undefined || key < current) keyOf.set(group[i]!, key);
  });
  const isTest = (i: number) => fnv1a(`${options.seed}\u0000${keyOf.get(group[i]!)!}`) % 10_000 < options.testFraction * 10_000;
  const train: Example[] = [];
  const test: Example[] = [];
  examples.forEach((e, i) => (isTest(i) ? test : train).push(e));
  let maxCross: number | null = measureCrossSimilarity ? 0 : null;
  if (maxCross !== null) for (const [a, b, similarity] of pairs) if (isTest(a) !== isTest(b)) maxCross = Math.max(maxCross, similarity);
  return { train, test, groups: keyOf.size, maxCrossSimilarity: maxCross };
}
