import { describe, expect, it } from 'vitest';
import { treeRows } from './tree.js';

const e = (path: string, dir = false) => ({ path, size: dir ? 0 : 1, dir });
const entries = [e('z.txt'), e('src', true), e('src/main.py'), e('src/lib', true), e('src/lib/util.py'), e('a.md')];

describe('treeRows', () => {
  it('puts folders first, nests their children, and hides the children of a collapsed folder', () => {
    expect(treeRows(entries, new Set()).map((r) => `${'  '.repeat(r.depth)}${r.name}`)).toEqual(['src', '  lib', '    util.py', '  main.py', 'a.md', 'z.txt']);
    expect(treeRows(entries, new Set(['src/lib'])).map((r) => r.name)).toEqual(['src', 'lib', 'main.py', 'a.md', 'z.txt']);
    expect(treeRows(entries, new Set(['src'])).map((r) => r.name)).toEqual(['src', 'a.md', 'z.txt']);
  });
});
