// A folder tree made by a block one level at a time can go deeper than the system's path limit
// (3,000 levels of `d/` are ~6,000 bytes; PATH_MAX is 4,096): every call on a whole path below it
// fails with ENAMETOOLONG, so checkpoints, which name files by whole paths, can neither see nor
// restore that part. Undo used to refuse with a wrong reason ("changed outside the agent's
// turns"); it now refuses at once, names the limit and the folder, and changes nothing. A tree
// within the limit, as deep as the limit allows, is undone and redone. Real app, real Python
// blocks, the checkpoint commands as the UI calls them; the model is Replay.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceCheckpoints } from '../../src-main/node/checkpoints/workspaceStore.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { fence, startTestApp, type TestApp } from '../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  // Node's recursive rm recurses once per level: coreutils' rm removes a tree of any depth.
  if (t && existsSync(join(t.workspace, 'd'))) execFileSync('rm', ['-rf', join(t.workspace, 'd')]);
  await t?.close();
  t = null;
});

const ctx = { clientId: 'test' };
// One level at a time, as an attacker's block would (bash's own `cd` walks the whole path at each level: minutes at this depth).
const tree = (levels: number) => `import os\nfor i in range(${levels}):\n    os.mkdir("d"); os.chdir("d")\nopen("leaf.txt", "w").write("leaf")\nprint("made")`;

/** The depth of the chain of `d` folders under `dir` and whether the leaf is there, walked one level at a time. */
function depthOf(dir: string): { levels: number; leaf: boolean } {
  return walkDown(dir, (levels) => ({ levels, leaf: existsSync('leaf.txt') }));
}

function walkDown<T>(dir: string, atBottom: (levels: number) => T): T {
  const cwd = process.cwd();
  let levels = 0;
  process.chdir(dir);
  try {
    while (existsSync('d')) {
      process.chdir('d');
      levels++;
    }
    return atBottom(levels);
  } finally {
    process.chdir(cwd);
  }
}

async function makeTree(levels: number) {
  t = await startTestApp([fence('python', tree(levels)), 'Made it.'], { settings: { approval: { mode: 'allow-all' } } });
  const out = await t.turn(t.newSession(), 'make a deep tree', 'coder');
  expect(out.status).toBe('done');
  expect(depthOf(t.workspace)).toEqual({ levels, leaf: true });
  return out.turnId;
}

const linux = process.platform === 'linux';

describe('deep trees and undo', () => {
  it.runIf(linux)('a 3,000-level tree (below the path limit) is undone and redone, its leaf included', { timeout: 120_000 }, async () => {
    const turnId = await makeTree(3000);
    const undone = await t!.app.handlers['checkpoint.undo']({ turnId, cascade: false }, ctx);
    expect(undone).toMatchObject({ done: true, reason: '' });
    expect(undone.restored).toBeGreaterThanOrEqual(3001);
    expect(readdirSync(t!.workspace)).toEqual([]);
    expect(await t!.app.handlers['checkpoint.redo']({ turnId, cascade: false }, ctx)).toMatchObject({ done: true });
    expect(depthOf(t!.workspace)).toEqual({ levels: 3000, leaf: true });
  });

  // Elsewhere (no /proc/self/fd to reach it in hops) a path at the limit cannot be reached: undo refuses, saying why.
  it.skipIf(linux)('a 3,000-level tree: undo refuses at once, names the path limit and the folder, and changes nothing', { timeout: 90_000 }, async () => {
    const turnId = await makeTree(3000);
    const undone = await t!.app.handlers['checkpoint.undo']({ turnId, cascade: false }, ctx);
    expect(undone.done).toBe(false);
    expect(undone.reason).toMatch(/^d\/d\/d\/…\/\w+ \(\d+ levels\) lies beyond the system's path limit \(\d+ bytes\)/);
    expect(undone.reason).toMatch(/nothing was changed\. Remove that tree by hand \(rm -rf d in the workspace\)/);
    expect(undone.restored).toBe(0);
    expect(depthOf(t!.workspace)).toEqual({ levels: 3000, leaf: true });
  });

  it.runIf(linux)('an edit to a file below the path limit is recorded by the scan and undone', { timeout: 120_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'deep-edit-'));
    const root = join(home, 'ws');
    mkdirSync(root);
    const store = new WorkspaceCheckpoints(root, join(home, 'store'), () => ({ maxFileBytes: 1 << 20, maxAgeMs: 1e12, maxStoreBytes: 1e12 }), silentLogger);
    const turn = async (turnId: string, code: string) => {
      const end = await store.begin({ turnId, sessionId: 's' });
      execFileSync('python3', ['-c', code], { cwd: root });
      return end();
    };
    try {
      await turn('t1', tree(3000));
      const edit = await turn('t2', 'import os\nwhile os.path.isdir("d"): os.chdir("d")\nopen("leaf.txt", "w").write("changed by a later turn")');
      expect(edit?.changes.map((c) => c.path.split('/').length)).toEqual([3001]);
      expect(edit?.changes[0]!.path).toMatch(/^(d\/){3000}leaf\.txt$/);
      expect(walkDown(root, () => readFileSync('leaf.txt', 'utf8'))).toBe('changed by a later turn');
      expect(await store.restore('t2', 'undo', false)).toMatchObject({ done: true, restored: 1 });
      expect(walkDown(root, (levels) => [levels, readFileSync('leaf.txt', 'utf8')])).toEqual([3000, 'leaf']);
    } finally {
      store.close();
      execFileSync('rm', ['-rf', home]);
    }
  });

  it('a tree within the limit (1,000 levels) is undone and redone', { timeout: 90_000 }, async () => {
    const turnId = await makeTree(1000);
    expect(await t!.app.handlers['checkpoint.undo']({ turnId, cascade: false }, ctx)).toMatchObject({ done: true });
    expect(readdirSync(t!.workspace)).toEqual([]);
    expect(await t!.app.handlers['checkpoint.redo']({ turnId, cascade: false }, ctx)).toMatchObject({ done: true });
    expect(depthOf(t!.workspace)).toEqual({ levels: 1000, leaf: true });
  });
});
