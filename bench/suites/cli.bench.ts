// CLI start-up as a user feels it: `agentic route "hello"` and a one-response replayed `agentic run`
// through bin/agentic.js (the prebuilt bundle), each as time above a bare `node -e 0` measured in
// the same run (medians of 10 interleaved runs). Also the old way (tsx on the sources) as a
// reference for what the bundle saves.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aboveBareNode, bareNode, timed } from '../startup.js';
import type { BenchRow } from '../types.js';

const SUITE = 'cli';
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'agentic.js');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

export default async function cliBench(): Promise<BenchRow[]> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'bench-cli-'));
  try {
    const replay = path.join(home, 'replay.json');
    await writeFile(replay, JSON.stringify({ responses: ['Hello! How can I help?'] }));
    const opts = { env: { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error' }, cwd: ROOT };
    const node = process.execPath;
    const route = [BIN, 'route', 'hello'];
    const run = [BIN, 'run', 'hello', '--agent', 'casual', '--provider', 'replay', '--replay', replay, '--json'];
    // Warm-up: the first start (re)builds the bundle if sources changed, and fills the disk cache.
    await timed(node, route, opts);
    await timed(node, run, opts);
    const bare: number[] = [];
    const routeTimes: number[] = [];
    const runTimes: number[] = [];
    const tsxTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      bare.push(await bareNode(opts));
      routeTimes.push(await timed(node, route, opts));
      runTimes.push(await timed(node, run, opts));
      if (i < 5) tsxTimes.push(await timed(TSX, [path.join(ROOT, 'src-main/hosts/cli/main.ts'), 'route', 'hello'], opts));
    }
    return [
      aboveBareNode(SUITE, 'agentic route "hello", above bare node', routeTimes, bare, { targetMs: 150, note: 'medians of 10' }),
      aboveBareNode(SUITE, 'agentic run (1-response replay), above bare node', runTimes, bare, { targetMs: 300, note: 'to its last event; medians of 10' }),
      aboveBareNode(SUITE, 'route "hello" through tsx on the sources', tsxTimes, bare, { note: 'the start-up before the bundle; medians of 5' }),
    ];
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
