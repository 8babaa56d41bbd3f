// The model self-test's own overhead: `agentic models test` with a replayed good model spends no
// time in a model, so its whole wall time is overhead (process, app, scratch workspace, sandboxed
// programs, the browser for the web task). Baseline, same run: one replayed `agentic run` turn.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timed } from '../startup.js';
import { median, type BenchRow } from '../types.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'agentic.js');
const GOOD = path.join(ROOT, 'tests/fixtures/selftest/good-model.json');
const RUNS = 3;

export default async function selftestBench(): Promise<BenchRow[]> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'bench-selftest-'));
  try {
    const replay = path.join(home, 'one.json');
    await writeFile(replay, JSON.stringify({ responses: ['Hello! How can I help?'] }));
    const opts = { env: { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error' }, cwd: ROOT };
    const test = [BIN, 'models', 'test', '--replay', GOOD, '--json'];
    const run = [BIN, 'run', 'hello', '--agent', 'casual', '--provider', 'replay', '--replay', replay, '--json'];
    await timed(process.execPath, run, opts); // warm-up: bundle rebuild and disk cache
    const tests: number[] = [];
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      tests.push(await timed(process.execPath, test, opts));
      runs.push(await timed(process.execPath, run, opts));
    }
    const value = median(tests);
    const base = median(runs);
    return [
      {
        suite: 'selftest',
        metric: `agentic models test, replayed good model (no model time: all overhead; median of ${RUNS})`,
        value,
        unit: 'ms',
        baseline: { label: 'one replayed agentic run turn', value: base },
        ratio: value / base,
        target: '< 120 s with a 7-8B model (model time comes on top)',
      },
    ];
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
