// CLI start-up as a user feels it: `agentic route "hello"` and a one-response replayed `agentic run`
// through bin/agentic.js (the prebuilt bundle), each as time above a bare `node -e 0` measured in
// the same run (medians of 10 interleaved runs). Also the old way (tsx on the sources) as a
// reference for what the bundle saves.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow } from '../types.js';

const SUITE = 'cli';
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'agentic.js');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function timed(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, cwd: ROOT }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${args.join(' ')}: ${stderr || error.message}`)) : resolve(performance.now() - started),
    );
  });
}

export default async function cliBench(): Promise<BenchRow[]> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'bench-cli-'));
  try {
    const replay = path.join(home, 'replay.json');
    await writeFile(replay, JSON.stringify({ responses: ['Hello! How can I help?'] }));
    const env = { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error' };
    const node = process.execPath;
    const route = [BIN, 'route', 'hello'];
    const run = [BIN, 'run', 'hello', '--agent', 'casual', '--provider', 'replay', '--replay', replay, '--json'];
    // Warm-up: the first start (re)builds the bundle if sources changed, and fills the disk cache.
    await timed(node, route, env);
    await timed(node, run, env);
    const bare: number[] = [];
    const routeTimes: number[] = [];
    const runTimes: number[] = [];
    const tsxTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      bare.push(await timed(node, ['-e', '0'], env));
      routeTimes.push(await timed(node, route, env));
      runTimes.push(await timed(node, run, env));
      if (i < 5) tsxTimes.push(await timed(TSX, [path.join(ROOT, 'src-main/hosts/cli/main.ts'), 'route', 'hello'], env));
    }
    const base = median(bare);
    const routeAbove = median(routeTimes) - base;
    const runAbove = median(runTimes) - base;
    return [
      {
        suite: SUITE,
        metric: 'agentic route "hello", above bare node',
        value: routeAbove,
        unit: 'ms',
        baseline: { label: 'node -e 0', value: base },
        target: '≤ 150 ms',
        met: routeAbove <= 150,
        note: 'medians of 10',
      },
      {
        suite: SUITE,
        metric: 'agentic run (1-response replay), above bare node',
        value: runAbove,
        unit: 'ms',
        baseline: { label: 'node -e 0', value: base },
        target: '≤ 300 ms',
        met: runAbove <= 300,
        note: 'to its last event; medians of 10',
      },
      {
        suite: SUITE,
        metric: 'route "hello" through tsx on the sources',
        value: median(tsxTimes) - base,
        unit: 'ms',
        baseline: { label: 'node -e 0', value: base },
        note: 'the start-up before the bundle; medians of 5',
      },
    ];
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
