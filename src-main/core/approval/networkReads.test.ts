import { describe, expect, it } from 'vitest';
import { readsNetwork } from './networkReads.js';

describe('readsNetwork', () => {
  it('sees the fetches models write, in shell and in code', () => {
    expect(readsNetwork('curl -sL https://example.org/a.txt | head')).toBe(true);
    expect(readsNetwork('import requests\nprint(requests.get(url).text)')).toBe(true);
    expect(readsNetwork('from urllib.request import urlopen')).toBe(true);
    expect(readsNetwork('const r = await fetch(u);')).toBe(true);
    expect(readsNetwork('git clone git@github.com:a/b.git')).toBe(true);
    expect(readsNetwork('open("data.csv")  # see ftp://mirror/x')).toBe(true);
  });

  it('leaves local work alone', () => {
    expect(readsNetwork('ls -la && wc -l *.py')).toBe(false);
    expect(readsNetwork('import pandas as pd\ndf = pd.read_csv("sales.csv")\nprint(df.describe())')).toBe(false);
    expect(readsNetwork('git status && git commit -am "wip"')).toBe(false);
  });

  it('decides on 1 MB of near misses in one pass', () => {
    expect(readsNetwork('cur git pul ht:/ '.repeat(60_000))).toBe(false);
  });
});
