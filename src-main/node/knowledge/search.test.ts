import { describe, expect, it } from 'vitest';
import { ftsQuery } from './search.js';

describe('ftsQuery', () => {
  it('quotes every word, so FTS5 syntax typed by a person is searched as words', () => {
    expect(ftsQuery('termination AND "notice" -lease* NEAR(x)')).toBe('"termination" OR "and" OR "notice" OR "lease" OR "near" OR "x"');
    expect(ftsQuery('  ?! ')).toBeNull();
  });

  it('leaves out words most passages hold while a rarer one remains', () => {
    const docs: Record<string, number> = { the: 900, lease: 12, of: 700 };
    expect(ftsQuery('the lease of', (w) => docs[w] ?? 0, 1000)).toBe('"lease"');
    expect(ftsQuery('the of', (w) => docs[w] ?? 0, 1000)).toBe('"the" OR "of"');
    // A word in no passage does not count as the rarer one; a small index keeps every word.
    expect(ftsQuery('the contract', (w) => docs[w] ?? 0, 1000)).toBe('"the" OR "contract"');
    expect(ftsQuery('the lease', (w) => docs[w] ?? 0, 999)).toBe('"the" OR "lease"');
  });
});
