import { describe, expect, it } from 'vitest';
import { findConcepts } from './concepts.js';
import { DEFAULT_FEATURIZER_CONFIG, featurize, FeaturizerConfigSchema, normalize, tokenize } from './featurizer.js';
import { fnv1a } from './hash.js';

const config = DEFAULT_FEATURIZER_CONFIG;
const shared = (a: string, b: string) => {
  const other = new Set(featurize(b, config).ids);
  return Array.from(featurize(a, config).ids).filter((id) => other.has(id)).length;
};

describe('hash', () => {
  it('is FNV-1a over UTF-8 bytes, so another implementation can reproduce the buckets', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    // Multi-byte characters hash as their UTF-8 bytes: compare with a byte-wise reference.
    const reference = (bytes: Uint8Array) => bytes.reduce((h, b) => Math.imul(h ^ b, 0x01000193) >>> 0, 0x811c9dc5);
    for (const text of ['é', '搜索', 'ｘ', '😀 ok']) expect(fnv1a(text)).toBe(reference(new TextEncoder().encode(text)));
    expect(fnv1a('搜')).not.toBe(fnv1a('索'));
  });
});

describe('featurize', () => {
  it('gives a sorted bag of distinct in-range ids whose weights sum to 1', () => {
    const f = featurize('Write a Python script that renames my photos by date, then zip them.', config);
    expect(f.ids.length).toBeGreaterThan(50);
    for (let i = 1; i < f.ids.length; i++) expect(f.ids[i]!).toBeGreaterThan(f.ids[i - 1]!);
    expect(Math.min(...f.ids)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...f.ids)).toBeLessThan(config.buckets);
    expect(f.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });

  it('never returns an empty bag (the ONNX graph cannot pool nothing)', () => {
    expect(featurize('', config).ids.length).toBeGreaterThan(0);
    expect(featurize('   \n', config).ids.length).toBeGreaterThan(0);
  });

  it('treats full-width, upper-case and ligature forms like plain text (NFKC + lower case)', () => {
    expect(normalize('ＰＹＴＨＯＮ  Script')).toBe('python script');
    expect(featurize('ＰＹＴＨＯＮ ｓｃｒｉｐｔ', config)).toEqual(featurize('python script', config));
    expect(normalize('ﬁle 2024')).toBe('file 0000');
  });

  it('finds shared features between Chinese requests that have no spaces', () => {
    expect(shared('帮我在网上搜索天气', '搜索一下明天的天气')).toBeGreaterThan(5);
    expect(tokenize(normalize('帮我搜索天气'))).toEqual(['帮我搜索天气']);
  });

  it('keeps its bucket assignment: a change here silently breaks every trained model', () => {
    // At a fixed bucket count: a trained model carries its own (featurizer.json), the default may move.
    expect(Array.from(featurize('hello', { ...config, buckets: 1 << 16 }).ids).slice(0, 6)).toEqual([2439, 7495, 8056, 15410, 20709, 25724]);
  });

  it('bounds the work on very long requests', () => {
    const long = featurize('x'.repeat(50_000), config);
    const cap = featurize('x'.repeat(config.maxChars + 10), config);
    expect(long).toEqual(cap);
  });

  it('rejects settings written for other normalisation rules', () => {
    expect(FeaturizerConfigSchema.safeParse({ ...config, normalization: 'nfc' }).success).toBe(false);
    expect(FeaturizerConfigSchema.parse(config)).toEqual(config);
  });
});

describe('concepts', () => {
  const conceptsOf = (text: string) => findConcepts(text, normalize(text), tokenize(normalize(text)));

  it('gives a web search the same concept in five languages', () => {
    for (const text of ['search the web for news', 'cherche sur internet', 'busca en la web', 'suche im Internet', '在网上搜索新闻']) {
      expect(conceptsOf(text)).toContain('search');
    }
  });

  it('matches word prefixes only at the start of a word', () => {
    expect(conceptsOf('researching the topic')).toContain('search');
    expect(conceptsOf('a nice pair of shoes')).not.toContain('online'); // "pair" is not "page"
  });

  it('sees URLs, file names and code in the raw text', () => {
    expect(conceptsOf('open https://example.com')).toContain('shape:url');
    expect(conceptsOf('résume budget_2024.xlsx')).toContain('shape:fileName');
    expect(conceptsOf('why does x => x == 1 fail')).toContain('shape:codeSymbols');
    expect(conceptsOf('hello there')).toEqual(['chat']);
  });
});
