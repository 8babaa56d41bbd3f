// The router's labelled data set: JSON lines in resources/router/data/<language>/<agent>.jsonl,
// validated, grouped by near-duplicate text, and split into train and held-out test by a hash of
// each group, so that no held-out request has a near-copy in training. Examples are ordered by a
// hash of their text, so how the lines are spread over files changes nothing that is trained.
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
    names = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.split('\\').join('/'))
      .sort();
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
  return { examples: inTextHashOrder(examples), files };
}

/** Examples ordered by a hash of their text (then the text): the same order whatever the file layout. */
export function inTextHashOrder(examples: Example[]): Example[] {
  const keyed = examples.map((e) => ({ e, h: fnv1a(e.text) }));
  keyed.sort((a, b) => a.h - b.h || (a.e.text < b.e.text ? -1 : a.e.text > b.e.text ? 1 : 0));
  return keyed.map((k) => k.e);
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

/** Jaccard similarity of two sets given as ascending arrays of distinct values. */
export function jaccard(a: Uint32Array | Int32Array, b: Uint32Array | Int32Array): number {
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
 * pairs (PPJoin: prefix, size and positional filtering). Elements are ordered rarest first and sets
 * are visited smallest first. Two sets X (the smaller) and Y that similar share at least
 * α = t/(1+t)·(|X|+|Y|) elements; so they share one within the first |Y| - ceil(t·|Y|) + 1 elements
 * of Y and the first |X| - ceil(2t/(1+t)·|X|) + 1 of X; a set smaller than t·|Y| never qualifies, so
 * each posting list is read from the first set large enough; and once the elements left after a
 * common one cannot bring the overlap up to α, the pair is dropped before it is compared. Without
 * these prunings the search grew with the square of the data (72 s on 48k requests).
 */
export function similarPairs(sets: Uint32Array[], threshold: number): Array<[number, number, number]> {
  const ranked = rankRarestFirst(sets);
  const bySize = sets.map((_, i) => i).sort((a, b) => sets[a]!.length - sets[b]!.length || a - b);
  const postingSets: number[][] = [];
  const postingPositions: number[][] = [];
  const postingStart: number[] = [];
  const visitedBy = new Int32Array(sets.length).fill(-1);
  const overlap = new Int32Array(sets.length);
  const pairs: Array<[number, number, number]> = [];
  for (const i of bySize) {
    const ordered = ranked[i]!;
    const size = ordered.length;
    const candidates: number[] = [];
    for (let p = 0; p < prefixLength(size, threshold); p++) {
      const element = ordered[p]!;
      const members = postingSets[element];
      if (!members) continue;
      const positions = postingPositions[element]!;
      let start = postingStart[element]!;
      while (start < members.length && sets[members[start]!]!.length < threshold * size) start++;
      postingStart[element] = start;
      for (let q = start; q < members.length; q++) {
        const j = members[q]!;
        if (visitedBy[j] !== i) {
          visitedBy[j] = i;
          overlap[j] = 0;
          candidates.push(j);
        }
        if (overlap[j]! < 0) continue;
        const other = sets[j]!.length;
        const needed = Math.ceil((threshold / (1 + threshold)) * (size + other) - 1e-9);
        const reachable = 1 + Math.min(size - p - 1, other - positions[q]! - 1);
        overlap[j] = overlap[j]! + reachable >= needed ? overlap[j]! + 1 : -1;
      }
    }
    for (const j of candidates) {
      if (overlap[j]! <= 0) continue;
      const similarity = jaccard(ordered, ranked[j]!);
      if (similarity >= threshold) pairs.push([Math.min(i, j), Math.max(i, j), similarity]);
    }
    for (let p = 0; p < prefixLength(size, (2 * threshold) / (1 + threshold)); p++) {
      const element = ordered[p]!;
      (postingSets[element] ??= []).push(i);
      (postingPositions[element] ??= []).push(p);
      postingStart[element] ??= 0;
    }
  }
  return pairs;
}

/** Each set with its elements replaced by their rank in rarity (0 = rarest), ascending. */
function rankRarestFirst(sets: Uint32Array[]): Int32Array[] {
  const frequency = new Map<number, number>();
  for (const set of sets) for (const v of set) frequency.set(v, (frequency.get(v) ?? 0) + 1);
  const rank = new Map<number, number>();
  [...frequency.keys()].sort((a, b) => frequency.get(a)! - frequency.get(b)! || a - b).forEach((v, r) => rank.set(v, r));
  return sets.map((set) => Int32Array.from(set, (v) => rank.get(v)!).sort());
}

/** How many of a set's rarest elements must hold a common one with any set at least `share` similar. */
function prefixLength(size: number, share: number): number {
  return Math.min(size, size - Math.ceil(share * size - 1e-9) + 1);
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
