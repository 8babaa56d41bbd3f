// `npm run bench`: runs every suite in bench/suites (or those named on the command line), prints a
// table and writes bench/results.json. Each suite measures its own baseline in the same run.
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow, BenchSuite } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, 'suites', file)).href)) as { default: BenchSuite };
  try {
    rows.push(...(await mod.default()));
  } catch (error) {
    rows.push({ suite: file, metric: 'error', value: NaN, unit: '', note: error instanceof Error ? error.message : String(error) });
  }
}

const fmt = (n: number | undefined) => (n === undefined ? '' : Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toPrecision(3)) : 'n/a');
const table = rows.map((r) => ({
  suite: r.suite,
  metric: r.metric,
  value: `${fmt(r.value)} ${r.unit}`,
  baseline: r.baseline ? `${r.baseline.label}: ${fmt(r.baseline.value)} ${r.unit}` : '',
  ratio: fmt(r.ratio),
  target: r.target ?? '',
  met: r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  note: r.note ?? '',
}));
console.table(table);
writeFileSync(join(here, 'results.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2) + '\n');
console.log(`wrote bench/results.json (${rows.length} rows)`);
