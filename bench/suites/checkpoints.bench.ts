// Checkpoint cost per turn on a large workspace (10,000 small files in 100 folders plus 1 GiB in
// 16 files of 64 MiB) when a block changes one small file: the scan before the turn plus the scan
// and record after it. Baselines in the same run: the same turns with every scan full (no folder watch), and copying the workspace with `cp -r` (what a naive
// per-turn snapshot would cost). Also the restore (undo) of that turn, and the first scan, which
// stores every small file once. Everything lives in one /tmp folder, removed at the end.
import { execFileSync } from 'node:child_process';
import { closeSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointService } from '../../src-main/node/checkpoints/service.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { median, percentile, type BenchRow } from '../types.js';

const SMALL = 10_000;
const LARGE = 16;
const LARGE_BYTES = 64 * 1024 * 1024;
const TURNS = 15;
const suite = 'checkpoints';

function makeWorkspace(ws: string): void {
  for (let d = 0; d < 100; d++) {
    mkdirSync(join(ws, `src${d}`), { recursive: true });
    for (let f = 0; f < SMALL / 100; f++) writeFileSync(join(ws, `src${d}`, `file${f}.txt`), `// module ${d}/${f}\n`.repeat(20));
  }
  mkdirSync(join(ws, 'data'));
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 2654435761) >>> 24;
  for (let l = 0; l < LARGE; l++) {
    const fd = openSync(join(ws, 'data', `blob${l}.bin`), 'w');
    for (let written = 0; written < LARGE_BYTES; written += chunk.length) {
      chunk[0] = l;
      writeSync(fd, chunk);
    }
    closeSync(fd);
  }
}

function bareWalk(root: string): number {
  let n = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const st = lstatSync(join(dir, name));
      n++;
      if (st.isDirectory()) walk(join(dir, name));
    }
  };
  walk(root);
  return n;
}

const time = async (fn: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

export default async function checkpointsBench(): Promise<BenchRow[]> {
  const home = mkdtempSync(join(tmpdir(), 'agentic-cp-bench-'));
  try {
    const ws = join(home, 'ws');
    makeWorkspace(ws);
    const signal = new AbortController().signal;
    const serviceFor = (name: string, watch: boolean) =>
      new CheckpointService({ dataDir: join(home, name), limits: () => ({ maxFileBytes: 50 * 1024 * 1024, maxAgeMs: 1e12, maxStoreBytes: 1e13 }), logger: silentLogger, watch });
    // Baseline in the same run: the same turns with every scan full (no folder watch).
    const fullScans = serviceFor('data-full', false);
    await (
      await fullScans.begin({ turnId: 'warm', sessionId: 's', workspace: ws, signal })
    )();
    const fullCosts: number[] = [];
    let end: () => Promise<void> = async () => {};
    for (let t = 0; t < TURNS; t++) {
      const before = await time(async () => (end = await fullScans.begin({ turnId: `full-${t}`, sessionId: 's', workspace: ws, signal })));
      writeFileSync(join(ws, `src${t}`, 'file8.txt'), `// changed in full-scan turn ${t}\n`);
      fullCosts.push(before + (await time(() => end())));
    }
    const service = serviceFor('data', true);
    const first = await time(async () => (await service.begin({ turnId: 'warm', sessionId: 's', workspace: ws, signal }))());

    const costs: number[] = [];
    const befores: number[] = [];
    const afters: number[] = [];
    const cpus: number[] = [];
    const turnIds: string[] = [];
    for (let t = 0; t < TURNS; t++) {
      const turnId = `turn-${t}`;
      const cpu0 = process.cpuUsage();
      const before = await time(async () => (end = await service.begin({ turnId, sessionId: 's', workspace: ws, signal })));
      writeFileSync(join(ws, `src${t}`, 'file7.txt'), `// changed in turn ${t}\n`);
      const after = await time(() => end());
      const cpu = process.cpuUsage(cpu0);
      cpus.push((cpu.user + cpu.system) / 1000);
      costs.push(before + after);
      befores.push(before);
      afters.push(after);
      turnIds.push(turnId);
    }
    const store = service.storeFor(ws);
    if (store.list().filter((r) => r.turnId.startsWith('turn-')).length !== TURNS) throw new Error('a turn was not recorded');

    // Undo and redo the last turn a few times: each is one small file back, plus the rescan.
    const restores: number[] = [];
    const last = turnIds.at(-1)!;
    for (let i = 0; i < 6; i++) {
      const direction = i % 2 === 0 ? 'undo' : 'redo';
      const ms = await time(async () => {
        const r = await service.restore(last, direction);
        if (!r.done) throw new Error(`${direction} failed: ${r.reason}`);
      });
      if (direction === 'undo') restores.push(ms);
    }

    // The floor of any scan: one bare lstat of every path, nothing else.
    const walks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cpu0 = process.cpuUsage();
      bareWalk(ws);
      const cpu = process.cpuUsage(cpu0);
      walks.push((cpu.user + cpu.system) / 1000);
    }

    const copy = join(home, 'copy');
    const cp = await time(async () => execFileSync('cp', ['-r', ws, copy]));
    rmSync(copy, { recursive: true, force: true });

    const perTurn = median(costs);
    const added = median(afters);
    const note = `${SMALL} small files + ${LARGE} × 64 MiB (over the 50 MB limit: recorded, not kept); p90 ${percentile(costs, 90).toFixed(1)} ms; before-scan ${median(befores).toFixed(1)} ms`;
    return [
      {
        suite,
        metric: 'checkpoint cost per turn (one small file changed): both scans + record',
        value: perTurn,
        unit: 'ms',
        baseline: { label: 'cp -r of the workspace', value: cp },
        ratio: perTurn / cp,
        target: '≤ 50 ms',
        met: perTurn <= 50,
        note,
      },
      {
        suite,
        metric: 'checkpoint cost per turn, against the same turns with every scan full',
        value: perTurn,
        unit: 'ms',
        baseline: { label: 'full scans (no folder watch)', value: median(fullCosts) },
        ratio: perTurn / median(fullCosts),
        note: `the folder watch (watch.ts): scans ${JSON.stringify(service.storeFor(ws).scans)}`,
      },
      {
        suite,
        metric: 'CPU time per turn (user + system, all threads)',
        value: median(cpus),
        unit: 'ms',
        baseline: { label: 'CPU time of a bare lstat walk ×2 (the floor)', value: 2 * median(walks) },
        ratio: median(cpus) / (2 * median(walks)),
        note: 'less sensitive than wall time to other processes on the machine',
      },
      {
        suite,
        metric: 'time added to the turn: scan after + record (the scan before overlaps the model call)',
        value: added,
        unit: 'ms',
        baseline: { label: 'cp -r of the workspace', value: cp },
        ratio: added / cp,
        target: '≤ 50 ms',
        met: added <= 50,
        note: `p90 ${percentile(afters, 90).toFixed(1)} ms`,
      },
      { suite, metric: 'undo of that turn', value: median(restores), unit: 'ms', baseline: { label: 'cp -r of the workspace', value: cp }, ratio: median(restores) / cp },
      { suite, metric: 'first scan (stores every small file)', value: first, unit: 'ms', baseline: { label: 'cp -r of the workspace', value: cp }, ratio: first / cp },
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
