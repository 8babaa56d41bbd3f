// kill -9 in the middle of a restore, 20 times at random moments: after the recovery step that the
// next start runs, the workspace is exactly the state before the turn or the state after it (every
// file's bytes and mode), never a mix, with no temp file left behind.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src-main/node/checkpoints/service.js';
import { RESTORE_TMP_PREFIX } from '../../../src-main/node/checkpoints/scan.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { treeState } from '../../helpers/fsTree.js';
import { ROOT } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cpkill-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const dataDir = join(home, 'data');
const ws = join(home, 'ws');
const limits = () => ({ maxFileBytes: 50 * 1024 * 1024, maxAgeMs: 1e12, maxStoreBytes: 1e12 });
const childBundle = join(home, 'restore-child.mjs');
buildSync({ entryPoints: [join(ROOT, 'tests/helpers/checkpointRestoreChild.ts')], bundle: true, platform: 'node', format: 'esm', outfile: childBundle, logLevel: 'error' });
const service = () => new CheckpointService({ dataDir, limits, logger: silentLogger });

function runChild(direction: 'undo' | 'redo', killAfterMs: number): Promise<{ killed: boolean }> {
  return new Promise((resolve, reject) => {
    // Plain node on a bundle of the child (not the tsx command: it runs the script in a second process, which a kill of the first would miss).
    const child = spawn(process.execPath, [childBundle, dataDir, ws, 'turn-kill', direction], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!timer && out.includes('start\n')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL' });
    });
  });
}

describe('kill -9 during restores', () => {
  it('leaves-a-consistent-workspace-after-each-of-20-random-kills', { timeout: 240_000 }, async () => {
    mkdirSync(ws, { recursive: true });
    for (let d = 0; d < 6; d++) mkdirSync(join(ws, `d${d}`));
    for (let i = 0; i < 160; i++) writeFileSync(join(ws, `d${i % 6}`, `f${i}.txt`), `original ${i}\n`.repeat(1 + (i % 50)));
    const before = treeState(ws);
    const end = await service().begin({ turnId: 'turn-kill', sessionId: 's', workspace: ws, signal: new AbortController().signal });
    for (let i = 0; i < 160; i++) {
      const f = join(ws, `d${i % 6}`, `f${i}.txt`);
      if (i % 4 === 0) writeFileSync(f, `changed ${i}\n`.repeat(1 + (i % 70)));
      else if (i % 4 === 1) unlinkSync(f);
      else if (i % 4 === 2 && i % 8 === 2) chmodSync(f, 0o700);
      else if (i % 8 === 3) renameSync(f, join(ws, `d${i % 6}`, `moved${i}.txt`));
    }
    for (let d = 0; d < 3; d++) {
      mkdirSync(join(ws, 'new', `n${d}`), { recursive: true });
      for (let i = 0; i < 30; i++) writeFileSync(join(ws, 'new', `n${d}`, `g${i}.bin`), Buffer.alloc(100 + i, d + i));
    }
    await end();
    const after = treeState(ws);
    expect(after).not.toEqual(before);

    let midRestore = 0;
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let round = 0; round < 20; round++) {
      const record = service().storeFor(ws).find('turn-kill')!;
      const direction = record.state === 'applied' ? 'undo' : 'redo';
      const { killed } = await runChild(direction, Math.floor(random() * 300));
      const journal = existsSync(join(service().storeFor(ws).dir, 'restore.journal'));
      if (killed && journal) midRestore++;
      // The next start: recovery completes the interrupted restore.
      const next = service();
      await next.recoverAll();
      const now = treeState(ws);
      expect(Object.keys(now).filter((p) => p.split('/').pop()!.startsWith(RESTORE_TMP_PREFIX))).toEqual([]);
      expect(existsSync(join(next.storeFor(ws).dir, 'restore.journal'))).toBe(false);
      const state = next.storeFor(ws).find('turn-kill')!.state;
      expect(now).toEqual(state === 'applied' ? after : before);
    }
    // The kills did land inside restores (the test would prove nothing otherwise).
    expect(midRestore).toBeGreaterThanOrEqual(5);
    process.stderr.write(`kill test: ${midRestore} of 20 kills landed inside a restore\n`);
  });
});
