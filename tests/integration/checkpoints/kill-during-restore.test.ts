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

function runChild(direction: 'undo' | 'redo' | 'die-mid-turn', killAfterMs: number, turnId = 'turn-kill'): Promise<{ killed: boolean; ms: number }> {
  return new Promise((resolve, reject) => {
    // Plain node on a bundle of the child (not the tsx command: it runs the script in a second process, which a kill of the first would miss).
    const child = spawn(process.execPath, [childBundle, dataDir, ws, turnId, direction], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let timer: NodeJS.Timeout | null = null;
    let started = 0;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!timer && out.includes('start\n')) {
        started = performance.now();
        timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', ms: performance.now() - started });
    });
  });
}

describe('kill -9 during restores', () => {
  it('leaves-a-consistent-workspace-after-each-of-20-random-kills-inside-restores', { timeout: 240_000 }, async () => {
    mkdirSync(ws, { recursive: true });
    for (let d = 0; d < 6; d++) mkdirSync(join(ws, `d${d}`));
    for (let i = 0; i < 100; i++) writeFileSync(join(ws, `d${i % 6}`, `f${i}.txt`), `original ${i}\n`.repeat(1 + (i % 50)));
    const before = treeState(ws);
    const end = await service().begin({ turnId: 'turn-kill', sessionId: 's', workspace: ws, signal: new AbortController().signal });
    for (let i = 0; i < 100; i++) {
      const f = join(ws, `d${i % 6}`, `f${i}.txt`);
      if (i % 4 === 0) writeFileSync(f, `changed ${i}\n`.repeat(1 + (i % 70)));
      else if (i % 4 === 1) unlinkSync(f);
      else if (i % 4 === 2 && i % 8 === 2) chmodSync(f, 0o700);
      else if (i % 8 === 3) renameSync(f, join(ws, `d${i % 6}`, `moved${i}.txt`));
    }
    for (let d = 0; d < 3; d++) {
      mkdirSync(join(ws, 'new', `n${d}`), { recursive: true });
      for (let i = 0; i < 20; i++) writeFileSync(join(ws, 'new', `n${d}`, `g${i}.bin`), Buffer.alloc(100 + i, d + i));
    }
    await end();
    const after = treeState(ws);
    expect(after).not.toEqual(before);

    // How long one restore takes here (an undo and a redo, not killed), so the kills fall inside one.
    const full = Math.min((await runChild('undo', 60_000)).ms, (await runChild('redo', 60_000)).ms);
    let midRestore = 0;
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 60 && midRestore < 20; round++) {
      const record = service().storeFor(ws).find('turn-kill')!;
      const direction = record.state === 'applied' ? 'undo' : 'redo';
      const { killed } = await runChild(direction, Math.floor(random() * full));
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
    // 20 kills did land inside restores (a kill after the end would prove nothing).
    expect(midRestore).toBe(20);
  });

  it('a-turn-the-app-dies-in-is-recorded-at-the-next-start', { timeout: 60_000 }, async () => {
    await runChild('die-mid-turn', 60_000, 'turn-crash');
    expect(service().storeFor(ws).find('turn-crash')).toBeNull();
    const next = service();
    await next.recoverAll();
    expect(
      next
        .storeFor(ws)
        .find('turn-crash')!
        .changes.map((c) => c.path),
    ).toEqual(['written-before-the-crash.txt']);
    // And the workspace is free again (the dead process's lock was taken over).
    const r = await next.restore('turn-crash', 'undo');
    expect(r.done).toBe(true);
  });

  it('undo-while-a-turn-holds-the-workspace-says-so-instead-of-hanging', { timeout: 30_000 }, async () => {
    const s = service();
    const end = await s.begin({ turnId: 'turn-busy', sessionId: 's', workspace: ws, signal: new AbortController().signal });
    try {
      const r = await s.restore('turn-crash', 'redo');
      expect(r).toMatchObject({ done: false, reason: expect.stringMatching(/A turn is running in this workspace/) });
    } finally {
      await end();
    }
  });
});
