// Training must not depend on how the data set's lines are spread over files: the same lines in
// one file or in per-language/per-agent folders give the same examples in the same order.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadDataset } from '../../../scripts/router/dataset.js';

const root = mkdtempSync(join(tmpdir(), 'router-layout-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const lines = [
  { text: 'write hello.py', agent: 'coder', complexity: 'LOW', lang: 'en' },
  { text: 'bonjour, ça va ?', agent: 'casual', complexity: 'LOW', lang: 'fr' },
  { text: 'find my tax pdf', agent: 'file', complexity: 'LOW', lang: 'en' },
  { text: 'cherche la météo de Lyon', agent: 'web', complexity: 'LOW', lang: 'fr' },
  { text: 'search the news then write a summary file', agent: 'web', complexity: 'HIGH', lang: 'en' },
].map((l) => JSON.stringify(l));

it('gives the same examples in the same order for a flat file and for <language>/<agent>.jsonl folders', () => {
  const flat = join(root, 'flat');
  mkdirSync(flat);
  writeFileSync(join(flat, 'all.jsonl'), [...lines].reverse().join('\n') + '\n');
  const nested = join(root, 'nested');
  for (const line of lines) {
    const { lang, agent } = JSON.parse(line) as { lang: string; agent: string };
    mkdirSync(join(nested, lang), { recursive: true });
    writeFileSync(join(nested, lang, `${agent}.jsonl`), line + '\n', { flag: 'a' });
  }
  const strip = (dir: string) => loadDataset(dir).examples.map(({ source: _s, line: _l, ...e }) => e);
  expect(strip(nested)).toEqual(strip(flat));
  expect(loadDataset(nested).files.map((f) => f.file)).toContain('en/coder.jsonl');
});
