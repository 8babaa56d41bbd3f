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

/** Union-find over all pairs whose shingle Jaccard similarity reaches `threshold`; returns a group per example. */
export function nearDuplicateGroups(sets: Uint32Array[], threshold: number): Int32Array {
  const parent = Int32Array.from(sets, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (let i = 0; i < sets.length; i++) {
    const a = sets[i]!;
    for (let j = i + 1; j < sets.length; j++) {
      const b = sets[j]!;
      // Jaccard can be no larger than the ratio of the sizes: skip pairs that cannot reach it.
      if (Math.min(a.length, b.length) < threshold * Math.max(a.length, b.length)) continue;
      if (jaccard(a, b) >= threshold) parent[find(i)] = find(j);
    }
  }
  return Int32Array.from(sets, (_, i) => find(i));
}

export interface Split {
  train: Example[];
  test: Example[];
  groups: number;
  /** Highest similarity between any held-out and any training example (must stay below the threshold). */
  maxCrossSimilarity: number;
}

export const SPLIT_DEFAULTS = { testFraction: 0.2, threshold: 0.5, seed: 'router-split-v1' };

export function splitDataset(examples: Example[], options = SPLIT_DEFAULTS): Split {
  const sets = examples.map((e) => shingles(e.text));
  const group = nearDuplicateGroups(sets, options.threshold);
  const keyOf = new Map<number, string>();
  examples.forEach((e, i) => {
    const key = normalize(e.text);
    const current = keyOf.get(group[i]!);
    if (current === undefined || key < current) keyOf.set(group[i]!, key);
  });
  const isTest = (i: number) => fnv1a(`${options.seed}\u0000${keyOf.get(group[i]!)!}`) % 10_000 < options.testFraction * 10_000;
  const train: Example[] = [];
  const test: Example[] = [];
  const trainIdx: number[] = [];
  const testIdx: number[] = [];
  examples.forEach((e, i) => (isTest(i) ? (test.push(e), testIdx.push(i)) : (train.push(e), trainIdx.push(i))));
  let maxCross = 0;
  for (const t of testIdx) for (const r of trainIdx) maxCross = Math.max(maxCross, jaccard(sets[t]!, sets[r]!));
  return { train, test, groups: keyOf.size, maxCrossSimilarity: maxCross };
}
