// The router's featurizer: text → a bag of hashed features (ids + weights that sum to 1). The same
// code runs when the model is trained (scripts/router) and when a request is routed (node/routing),
// and its settings travel beside the model in featurizer.json, so the two can never drift apart.
//
// Features: character n-grams of the normalised text (these carry Chinese and Japanese, which have
// no spaces, as well as typos and inflections), word unigrams and bigrams, and a length bucket.
import { z } from 'zod';
import { CONCEPT_LEXICON_ID, findConcepts } from './concepts.js';
import { fnv1a, fnv1aCodePoint } from './hash.js';

export const FeaturizerConfigSchema = z.object({
  version: z.literal(1),
  /** Documentation of what normalise() does; checked so an old file cannot be read with new rules. */
  normalization: z.literal('nfkc-lower-digits0-space'),
  hash: z.literal('fnv1a32-utf8'),
  buckets: z
    .number()
    .int()
    .min(16)
    .max(1 << 24),
  charNgrams: z.object({ min: z.number().int().min(1), max: z.number().int().max(8) }),
  wordNgrams: z.number().int().min(1).max(3),
  /** Occurrences each word n-gram counts for, beside one per character n-gram. */
  wordWeight: z.number().int().min(1).max(16).default(1),
  /** Longer requests are cut to this many code points (the start says what is asked). */
  maxChars: z.number().int().min(16),
  lengthFeature: z.boolean(),
  /** Occurrences each concept match (concepts.ts) counts for; 0 turns concept features off. */
  conceptWeight: z.number().int().min(0).max(64).default(0),
  /** CONCEPT_LEXICON_ID of the lexicon the model was trained with. */
  conceptLexicon: z.string().optional(),
});
export type FeaturizerConfig = z.infer<typeof FeaturizerConfigSchema>;

export const DEFAULT_FEATURIZER_CONFIG: FeaturizerConfig = {
  version: 1,
  normalization: 'nfkc-lower-digits0-space',
  hash: 'fnv1a32-utf8',
  buckets: 1 << 18,
  charNgrams: { min: 1, max: 4 },
  wordNgrams: 2,
  wordWeight: 1,
  maxChars: 1500,
  lengthFeature: true,
  conceptWeight: 4,
  conceptLexicon: CONCEPT_LEXICON_ID,
};

export interface Features {
  /** Distinct bucket ids, ascending. Never empty. */
  ids: Int32Array;
  /** Weight of each id: its share of all feature occurrences (they sum to 1). */
  weights: Float32Array;
}

const ASCII_DIGIT = /[0-9]/g;
const WHITESPACE = /\s+/gu;
/** Words (letters, marks, digits, underscore) and, one by one, the symbols between them ('.', '/', '`'). */
const TOKEN = /[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}_]/gu;

/** NFKC (full-width forms, ligatures, compatibility characters), lower case, digits → 0, one space. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(ASCII_DIGIT, '0').replace(WHITESPACE, ' ').trim();
}

export function tokenize(normalized: string): string[] {
  return normalized.match(TOKEN) ?? [];
}

const SEPARATOR = 0x1f;
const namespaceSeed = (name: string) => fnv1a(`${name}\u0000`);

export function featurize(text: string, config: FeaturizerConfig): Features {
  const codePoints = Array.from(normalize(text), (ch) => ch.codePointAt(0)!).slice(0, config.maxChars);
  const normalized = String.fromCodePoint(...codePoints);
  const hashes: number[] = [];
  addCharNgrams(codePoints, config, hashes);
  const tokens = tokenize(normalized);
  addWordNgrams(tokens, config, hashes);
  if (config.conceptWeight > 0) {
    const seed = namespaceSeed('concept');
    for (const concept of findConcepts(text.slice(0, 4 * config.maxChars), normalized, tokens)) {
      const h = fnv1a(concept, seed);
      for (let k = 0; k < config.conceptWeight; k++) hashes.push(h);
    }
  }
  if (config.lengthFeature || hashes.length === 0) {
    hashes.push(fnv1a(String(Math.floor(Math.log2(1 + tokens.length))), namespaceSeed('len')));
  }
  return bag(hashes, config.buckets);
}

function addCharNgrams(codePoints: number[], config: FeaturizerConfig, out: number[]): void {
  const padded = [0x20, ...codePoints, 0x20];
  for (let n = config.charNgrams.min; n <= config.charNgrams.max; n++) {
    const seed = namespaceSeed(`c${n}`);
    for (let start = 0; start + n <= padded.length; start++) {
      if (n === 1 && padded[start] === 0x20) continue; // the lone space only counts words
      let h = seed;
      for (let k = 0; k < n; k++) h = fnv1aCodePoint(h, padded[start + k]!);
      out.push(h);
    }
  }
}

function addWordNgrams(tokens: string[], config: FeaturizerConfig, out: number[]): void {
  for (let n = 1; n <= config.wordNgrams; n++) {
    const seed = namespaceSeed(`w${n}`);
    for (let start = 0; start + n <= tokens.length; start++) {
      let h = seed;
      for (let k = 0; k < n; k++) {
        if (k > 0) h = fnv1aCodePoint(h, SEPARATOR);
        h = fnv1a(tokens[start + k]!, h);
      }
      for (let k = 0; k < config.wordWeight; k++) out.push(h);
    }
  }
}

/** Folds hashes into buckets and counts them: a sorted bag of distinct ids with shares. */
function bag(hashes: number[], buckets: number): Features {
  const ids = Int32Array.from(hashes, (h) => h % buckets).sort();
  let distinct = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) distinct++;
  const outIds = new Int32Array(distinct);
  const weights = new Float32Array(distinct);
  const share = 1 / ids.length;
  let j = -1;
  for (let i = 0; i < ids.length; i++) {
    if (i === 0 || ids[i] !== ids[i - 1]) outIds[++j] = ids[i]!;
    weights[j]! += share;
  }
  return { ids: outIds, weights };
}
