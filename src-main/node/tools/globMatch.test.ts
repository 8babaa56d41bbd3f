import { describe, expect, it } from 'vitest';
import { globMatcher } from './globMatch.js';

describe('globMatcher', () => {
  it('matches like a shell glob, case-insensitively', () => {
    expect(globMatcher('*.PY')('main.py')).toBe(true);
    expect(globMatcher('data-[0-9].csv')('data-7.csv')).toBe(true);
    expect(globMatcher('data-[!0-9].csv')('data-7.csv')).toBe(false);
    expect(globMatcher('?.txt')('a.txt')).toBe(true);
    expect(globMatcher('?.txt')('ab.txt')).toBe(false);
    expect(globMatcher('a[b')('a[b')).toBe(true);
  });

  it('keeps `*` inside a segment and lets `**` span segments', () => {
    expect(globMatcher('src/*.ts')('src/a.ts')).toBe(true);
    expect(globMatcher('src/*.ts')('src/x/a.ts')).toBe(false);
    expect(globMatcher('src/**/*.ts')('src/a.ts')).toBe(true);
    expect(globMatcher('src/**/*.ts')('src/x/y/a.ts')).toBe(true);
    expect(globMatcher('**/*.md')('docs/deep/plan.md')).toBe(true);
    expect(globMatcher('**/*.md')('plan.md')).toBe(true);
    expect(globMatcher('docs/**')('docs/a/b')).toBe(true);
    expect(globMatcher('docs/**')('src/a')).toBe(false);
  });

  it('answers adversarial globs at once: many stars, many globstars', () => {
    expect(globMatcher(`${'*a'.repeat(5000)}*b`)('a'.repeat(255))).toBe(false);
    expect(globMatcher(`${'**/a/'.repeat(2000)}b`)(`${'a/'.repeat(4000)}c`)).toBe(false);
  });
});
