// Per-turn checkpoints on the real app: real python and bash blocks change the workspace, the
// checkpoint.* commands show the changes and undo/redo them byte for byte (content and mode).
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../../src-main/common/contract.js';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';
import { treeState } from '../../helpers/fsTree.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const allow = { approval: { mode: 'allow-all' as const } };
/** Each turn ran exactly its one scripted block, successfully (a failed block would make the model's next reply run in this turn). */
const ranOk = (turnId: string) => expect(t!.of('block.finished', turnId).map((b) => `${b.status}:${b.output.slice(0, 200)}`)).toEqual([expect.stringMatching(/^ok:/)]);
const cmd = <K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>> =>
  t!.app.handlers[name](input as never, { clientId: 'test' }) as Promise<CommandOutput<K>>;

function seedWorkspace(ws: string): void {
  mkdirSync(join(ws, 'sub'), { recursive: true });
  mkdirSync(join(ws, 'emptydir'));
  writeFileSync(join(ws, 'a.txt'), 'line 1\nline 2\nline 3\n');
  writeFileSync(join(ws, 'b.bin'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)));
  writeFileSync(join(ws, 'sub', 'c.txt'), 'to be renamed\n');
  writeFileSync(join(ws, 'run.sh'), '#!/bin/sh\necho hi\n');
  chmodSync(join(ws, 'run.sh'), 0o755);
}

describe('checkpoints', () => {
  it('undo-restores-creates-edits-deletes-renames-mkdir-rmdir-and-modes-byte-exact; redo returns', { timeout: 60_000 }, async () => {
    const bash =
      'printf "line 2 changed\\n" > tmp && sed -i "2s/.*/line 2 changed/" a.txt && rm tmp\nmv sub/c.txt sub/renamed.txt\nrm b.bin\nmkdir -p new/deep\nprintf x > new/deep/n.txt\nchmod 600 run.sh\nrmdir emptydir';
    const python = 'import os\nopen("py.bin", "wb").write(bytes(range(256)))\nos.chmod("py.bin", 0o640)\nos.makedirs("pydir")\nos.rename("new/deep/n.txt", "new/deep/m.txt")';
    t = await startTestApp([`${fence('bash', bash)}\n${fence('python', python)}`, 'Done.'], { settings: allow });
    seedWorkspace(t.workspace);
    const before = treeState(t.workspace);
    const session = t.newSession();
    const out = await t.turn(session, 'reorganise', 'coder');
    expect(out.status).toBe('done');
    expect(t.of('block.finished', out.turnId).map((b) => b.status)).toEqual(['ok', 'ok']);
    const after = treeState(t.workspace);
    expect(after).not.toEqual(before);

    const { changes, summary } = await cmd('checkpoint.changes', { turnId: out.turnId });
    const kinds = Object.fromEntries(changes.map((c) => [c.path, c.kind]));
    expect(kinds).toMatchObject({
      'a.txt': 'modified',
      'b.bin': 'deleted',
      'sub/renamed.txt': 'renamed',
      'run.sh': 'mode',
      emptydir: 'deleted',
      'new/deep/m.txt': 'created',
      'py.bin': 'created',
      pydir: 'created',
    });
    expect(changes.find((c) => c.path === 'sub/renamed.txt')!.from).toBe('sub/c.txt');
    expect(summary.filesChanged).toBeGreaterThanOrEqual(7);
    expect(t.of('checkpoint.recorded', out.turnId)[0]!.filesChanged).toBe(summary.filesChanged);
    const diff = await cmd('checkpoint.diff', { turnId: out.turnId, path: 'a.txt' });
    expect(diff.view).toBe('text');
    expect(diff.hunks[0]!.lines).toEqual(
      expect.arrayContaining([
        { op: '-', text: 'line 2' },
        { op: '+', text: 'line 2 changed' },
      ]),
    );
    expect((await cmd('checkpoint.diff', { turnId: out.turnId, path: 'py.bin' })).view).toBe('binary');

    const undone = await cmd('checkpoint.undo', { turnId: out.turnId, cascade: false });
    expect(undone).toMatchObject({ done: true, turns: [out.turnId] });
    expect(treeState(t.workspace)).toEqual(before);
    expect((await cmd('checkpoint.list', { sessionId: session }))[0]!.state).toBe('undone');

    const redone = await cmd('checkpoint.redo', { turnId: out.turnId, cascade: false });
    expect(redone.done).toBe(true);
    expect(treeState(t.workspace)).toEqual(after);
  });

  it('a-program-writing-1000-files-is-undone', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('python', 'import os\nos.makedirs("out")\nfor i in range(1000):\n    open(f"out/f{i}.txt", "w").write(str(i) * 10)'), 'Wrote them.'], {
      settings: allow,
    });
    mkdirSync(t.workspace, { recursive: true });
    writeFileSync(join(t.workspace, 'keep.txt'), 'mine');
    const before = treeState(t.workspace);
    const out = await t.turn(t.newSession(), 'write 1000 files', 'coder');
    expect(readdirSync(join(t.workspace, 'out'))).toHaveLength(1000);
    expect((await cmd('checkpoint.changes', { turnId: out.turnId })).summary.filesChanged).toBe(1000);
    expect((await cmd('checkpoint.undo', { turnId: out.turnId, cascade: false })).done).toBe(true);
    expect(treeState(t.workspace)).toEqual(before);
  });

  it('undoing-an-older-turn-whose-file-a-later-turn-changed-warns-and-can-go-back-to-that-point', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('bash', 'echo v1 > f.txt'), fence('bash', 'echo v2 > f.txt; echo other > g.txt')], { settings: allow });
    mkdirSync(t.workspace, { recursive: true });
    const s0 = treeState(t.workspace);
    const session = t.newSession();
    const one = await t.turn(session, 'write v1', 'coder');
    ranOk(one.turnId);
    const s1 = treeState(t.workspace);
    const two = await t.turn(session, 'write v2', 'coder');
    ranOk(two.turnId);
    const s2 = treeState(t.workspace);

    const refused = await cmd('checkpoint.undo', { turnId: one.turnId, cascade: false });
    expect(refused).toMatchObject({ done: false, conflicts: [{ path: 'f.txt', byTurn: two.turnId }], laterTurns: [two.turnId] });
    expect(refused.reason).toMatch(/changed again by a later turn/);
    expect(treeState(t.workspace)).toEqual(s2);

    const back = await cmd('checkpoint.undo', { turnId: one.turnId, cascade: true });
    expect(back).toMatchObject({ done: true, turns: [two.turnId, one.turnId] });
    expect(treeState(t.workspace)).toEqual(s0);

    // Redo in order: redoing the later turn first is refused, with the earlier turn named.
    expect((await cmd('checkpoint.redo', { turnId: two.turnId, cascade: false })).conflicts[0]).toMatchObject({ path: 'f.txt', byTurn: one.turnId });
    expect((await cmd('checkpoint.redo', { turnId: one.turnId, cascade: false })).done).toBe(true);
    expect(treeState(t.workspace)).toEqual(s1);
    expect((await cmd('checkpoint.redo', { turnId: two.turnId, cascade: false })).done).toBe(true);
    expect(treeState(t.workspace)).toEqual(s2);
  });

  it('files-the-user-drops-in-between-turns-are-not-agent-changes-and-survive-undo', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('bash', 'echo agent > agent.txt'), fence('bash', 'echo again >> agent.txt')], { settings: allow });
    const session = t.newSession();
    await t.turn(session, 'one', 'coder');
    writeFileSync(join(t.workspace, 'dropped.pdf'), 'user file');
    const two = await t.turn(session, 'two', 'coder');
    const { changes } = await cmd('checkpoint.changes', { turnId: two.turnId });
    expect(changes.map((c) => c.path)).toEqual(['agent.txt']);
    expect((await cmd('checkpoint.undo', { turnId: two.turnId, cascade: false })).done).toBe(true);
    expect(readFileSync(join(t.workspace, 'dropped.pdf'), 'utf8')).toBe('user file');
    expect(readFileSync(join(t.workspace, 'agent.txt'), 'utf8')).toBe('agent\n');
  });

  it('a-user-edit-after-the-turn-makes-undo-refuse-instead-of-overwriting-it', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('bash', 'echo agent > notes.txt'), 'ok'], { settings: allow });
    const one = await t.turn(t.newSession(), 'one', 'coder');
    writeFileSync(join(t.workspace, 'notes.txt'), 'edited by the user');
    const r = await cmd('checkpoint.undo', { turnId: one.turnId, cascade: true });
    expect(r).toMatchObject({ done: false, conflicts: [{ path: 'notes.txt', byTurn: null }] });
    expect(readFileSync(join(t.workspace, 'notes.txt'), 'utf8')).toBe('edited by the user');
  });

  it('a-file-over-the-size-limit-is-recorded-not-kept-and-marked-as-not-undoable', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('python', 'open("big.bin", "wb").write(b"B" * 20000)\nopen("small.txt", "w").write("s")'), 'ok'], {
      settings: { ...allow, checkpoints: { maxFileMB: 0.01 } },
    });
    const out = await t.turn(t.newSession(), 'write', 'coder');
    const { changes, summary } = await cmd('checkpoint.changes', { turnId: out.turnId });
    expect(changes.find((c) => c.path === 'big.bin')).toMatchObject({ restorable: false, after: { size: 20000, hash: null } });
    expect(changes.find((c) => c.path === 'small.txt')).toMatchObject({ restorable: true });
    expect(summary.unrestorable).toBe(1);
    expect((await cmd('checkpoint.diff', { turnId: out.turnId, path: 'big.bin' })).view).toBe('not-kept');
    // Its bytes are not in the store.
    const store = join(t.dir, 'checkpoints');
    const objects = execFind(store).filter((p) => p.includes('/objects/'));
    expect(objects.some((p) => readFileSync(p).length === 20000)).toBe(false);
    const r = await cmd('checkpoint.undo', { turnId: out.turnId, cascade: false });
    expect(r).toMatchObject({ done: true, skipped: ['big.bin'] });
    expect(existsSync(join(t.workspace, 'small.txt'))).toBe(false);
    expect(existsSync(join(t.workspace, 'big.bin'))).toBe(true);
  });

  it('symlinks-are-recorded-as-links-and-never-followed-out-of-the-workspace', { timeout: 60_000 }, async () => {
    const outside = join(tmpdir(), `agentic-outside-${process.pid}-${Date.now()}`);
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.txt'), 'outside');
    try {
      t = await startTestApp([fence('bash', `mkdir d && echo inside > d/x.txt && ln -s ${outside} out-link`), fence('bash', `rm -rf d && ln -s ${outside} d`)], {
        settings: allow,
      });
      const session = t.newSession();
      const one = await t.turn(session, 'one', 'coder');
      ranOk(one.turnId);
      const c1 = await cmd('checkpoint.changes', { turnId: one.turnId });
      expect(c1.changes.find((c) => c.path === 'out-link')).toMatchObject({ entry: 'link', after: { kind: 'link', target: outside } });
      expect(c1.changes.some((c) => c.path.startsWith('out-link/'))).toBe(false);
      const two = await t.turn(session, 'two', 'coder');
      ranOk(two.turnId);
      // Undoing turn one alone would write d/x.txt through the link: refused, blamed on turn two.
      const refused = await cmd('checkpoint.undo', { turnId: one.turnId, cascade: false });
      expect(refused.done).toBe(false);
      expect(refused.conflicts).toContainEqual({ path: 'd/x.txt', byTurn: two.turnId });
      const back = await cmd('checkpoint.undo', { turnId: one.turnId, cascade: true });
      expect(back.done).toBe(true);
      expect(readdirSync(t.workspace)).toEqual([]);
      expect(readdirSync(outside)).toEqual(['secret.txt']);
      expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('outside');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('two-sessions-on-one-workspace-never-interleave-their-snapshots', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('bash', 'echo a > a.txt; sleep 0.6; echo a2 >> a.txt'), fence('bash', 'echo b > b.txt')], { settings: { ...allow, maxAttempts: 1 } });
    const [x, y] = [t.newSession(), t.newSession()];
    const [a, b] = await Promise.all([t.turn(x, 'a', 'coder'), t.turn(y, 'b', 'coder')]);
    const pathsOf = async (turnId: string) => (await cmd('checkpoint.changes', { turnId })).changes.map((c) => c.path);
    const [pa, pb] = [await pathsOf(a.turnId), await pathsOf(b.turnId)];
    expect([pa, pb].sort()).toEqual([['a.txt'], ['b.txt']]);
  });

  it('deleting-a-session-deletes-its-checkpoints-and-pruning-by-age-keeps-current-files', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('bash', 'echo one > one.txt'), fence('bash', 'echo two > two.txt')], { settings: allow });
    const [x, y] = [t.newSession(), t.newSession()];
    await t.turn(x, 'one', 'coder');
    const two = await t.turn(y, 'two', 'coder');
    expect(await cmd('checkpoint.list', { sessionId: x })).toHaveLength(1);
    await cmd('session.delete', { id: x });
    expect(await cmd('checkpoint.list', { sessionId: x })).toHaveLength(0);
    expect(await cmd('checkpoint.list', { sessionId: y })).toHaveLength(1);
    const store = t.app.checkpoints.storeFor(t.workspace);
    const pruned = await store.prune(Date.now() + 31 * 24 * 3600 * 1000);
    expect(pruned.removed).toBe(1);
    await expect(cmd('checkpoint.changes', { turnId: two.turnId })).rejects.toThrow(/No checkpoint/);
    // The current files' versions stay (the next turn's undo needs them).
    expect(pruned.keptBytes).toBe('one\n'.length + 'two\n'.length);
  });
});

function execFind(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out;
}
