// The scans that read only what changed (the folder watch, watch.ts) must see exactly what a full
// scan sees. Random changes of every kind (files written, rewritten at the same size within one
// clock tick, deleted, renamed across folders; folders created deep, renamed, replaced by a file,
// removed whole; modes; symlinks) are made inside turns and between them, by this process and by
// a shell, and after each scan the head the store saved is compared with a fresh full scan.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src-main/core/checkpoints/changes.js';
import { ObjectStore } from '../../../src-main/node/checkpoints/objects.js';
import { scanWorkspace } from '../../../src-main/node/checkpoints/scan.js';
import { canWatch } from '../../../src-main/node/checkpoints/watch.js';
import { WorkspaceCheckpoints } from '../../../src-main/node/checkpoints/workspaceStore.js';
import { silentLogger } from '../../../src-main/node/logger.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-watch-scan-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const comparable = (m: Manifest) =>
  [...m]
    .map(([path, e]) => `${path} ${e.kind} ${e.mode.toString(8)} ${e.kind === 'dir' ? '' : `${e.size} ${e.hash}`} ${e.target ?? ''}`)
    .sort()
    .join('\n');

function allPaths(root: string, rel = ''): { files: string[]; dirs: string[] } {
  const out = { files: [] as string[], dirs: [] as string[] };
  for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.dirs.push(path);
      const below = allPaths(root, path);
      out.files.push(...below.files);
      out.dirs.push(...below.dirs);
    } else if (entry.isFile()) out.files.push(path);
  }
  return out;
}

/** One random change somewhere in the workspace. */
function change(root: string, rnd: () => number, n: number): void {
  const { files, dirs } = allPaths(root);
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(rnd() * list.length)];
  const dir = rnd() < 0.3 ? '' : (pick(dirs) ?? '');
  const at = (name: string) => join(root, dir, name);
  const op = Math.floor(rnd() * 11);
  const file = pick(files);
  switch (op) {
    case 0:
    case 1:
      writeFileSync(at(`f${n}.txt`), `file ${n}\n`.repeat(1 + Math.floor(rnd() * 5)));
      break;
    case 2: // the same size, again at once: the clock may not tick between the writes
      if (file) {
        writeFileSync(join(root, file), 'AAAA');
        writeFileSync(join(root, file), 'BBBB');
      }
      break;
    case 3:
      if (file) rmSync(join(root, file), { force: true });
      break;
    case 4:
      if (file) renameSync(join(root, file), at(`moved${n}`));
      break;
    case 5:
      mkdirSync(at(`d${n}/deep/er`), { recursive: true });
      writeFileSync(at(`d${n}/deep/er/x.txt`), `deep ${n}`);
      writeFileSync(at(`d${n}/top.txt`), `top ${n}`);
      break;
    case 6: {
      const d = pick(dirs);
      if (d && !`${dir}/`.startsWith(`${d}/`)) renameSync(join(root, d), at(`renamed${n}`));
      break;
    }
    case 7: {
      const d = pick(dirs);
      if (d) {
        rmSync(join(root, d), { recursive: true, force: true });
        if (rnd() < 0.5) writeFileSync(join(root, d), 'a file where a folder was');
      }
      break;
    }
    case 8:
      if (file) chmodSync(join(root, file), rnd() < 0.5 ? 0o600 : 0o755);
      break;
    case 9:
      if (!existsSync(at(`link${n}`))) symlinkSync(rnd() < 0.5 ? '../outside' : `f${n}.txt`, at(`link${n}`));
      break;
    case 10: // a shell (another process) makes a folder tree and edits in place
      execFileSync('sh', ['-c', `mkdir -p "${at(`sh${n}/a/b`)}" && echo one > "${at(`sh${n}/a/b/c`)}" && echo two >> "${at(`sh${n}/a/b/c`)}"`]);
      break;
  }
}

describe.skipIf(!canWatch)('scans of only what changed', () => {
  it('see exactly what a full scan sees, over 60 turns of random changes inside and between turns', { timeout: 120_000 }, async () => {
    const root = join(home, 'ws');
    mkdirSync(join(root, 'src', 'lib'), { recursive: true });
    for (let i = 0; i < 30; i++) writeFileSync(join(root, i % 2 ? 'src' : 'src/lib', `seed${i}.txt`), `seed ${i}\n`);
    const limits = () => ({ maxFileBytes: 1 << 20, maxAgeMs: 1e12, maxStoreBytes: 1e12 });
    const store = new WorkspaceCheckpoints(root, join(home, 'store'), limits, silentLogger);
    const objects = new ObjectStore(join(home, 'check-objects'));
    const rnd = random(20261201);
    let n = 0;
    const fullScan = async () => comparable((await scanWorkspace(root, new Map(), { maxFileBytes: 1 << 20, objects })).manifest);
    try {
      for (let turn = 0; turn < 60; turn++) {
        // Between turns: the user's own changes, absorbed by the scan before the turn.
        if (rnd() < 0.4) change(root, rnd, n++);
        const end = await store.begin({ turnId: `t${turn}`, sessionId: 's' });
        expect(comparable(store.records.loadHead())).toBe(await fullScan());
        for (let k = Math.floor(rnd() * 6); k > 0; k--) change(root, rnd, n++);
        await end();
        expect(comparable(store.records.loadHead()), `after turn ${turn}`).toBe(await fullScan());
      }
      // The watch was really used: after the first scans, every scan read only what changed.
      expect(store.scans.changedOnly).toBeGreaterThan(100);
      expect(store.scans.full).toBeLessThan(10);
    } finally {
      store.close();
    }
  });

  it('control: without the watch every scan is full, and the heads agree too', async () => {
    const root = join(home, 'ws2');
    mkdirSync(root);
    writeFileSync(join(root, 'a.txt'), 'a');
    const store = new WorkspaceCheckpoints(root, join(home, 'store2'), () => ({ maxFileBytes: 1 << 20, maxAgeMs: 1e12, maxStoreBytes: 1e12 }), silentLogger, [], undefined, false);
    for (let turn = 0; turn < 3; turn++) {
      const end = await store.begin({ turnId: `c${turn}`, sessionId: 's' });
      writeFileSync(join(root, `c${turn}.txt`), 'c');
      await end();
    }
    expect(store.scans).toEqual({ full: 6, changedOnly: 0 });
  });
});
