// No privilege leaves a block (issue 26): as root, a block could leave a root-owned set-user-ID
// program in the workspace (`install -m 4755`, `chmod u+s`, a tar archive, open(O_CREAT, 04755)) for
// anyone to run later, and redo restored the bit. Inside the block such a bit gives nothing (bwrap's
// binds are nosuid and no_new_privs is set); the seccomp filter refuses to set it at all, and the
// app strips it whenever it writes or restores a file (undo, redo). The controls run the same block without the
// filter and show the bit lands on the host file.
import { mkdir, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeTools, detectSandbox, type SandboxInfo } from '../../src-main/node/exec/index.js';
import { ObjectStore } from '../../src-main/node/checkpoints/objects.js';
import { applyJournal } from '../../src-main/node/checkpoints/restore.js';
import { writeInWorkspace } from '../../src-main/node/workspace/guard.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
let sandbox: SandboxInfo;
beforeAll(async () => {
  ws = await tempWorkspace('setid-ws-');
  sandbox = await detectSandbox();
});
afterAll(async () => ws.dispose());

const SETID = 0o6000;
const ATTACK = [
  'cp /bin/true plain; chmod u+s plain; echo "chmod=$?"',
  'install -m 4755 /bin/true installed; echo "install=$?"',
  'cp /bin/true g; chmod g+s g; echo "chmodg=$?"',
  'mkdir -p t && cp /bin/true t/inner && chmod 4755 t/inner 2>/dev/null; tar --numeric-owner -cf a.tar t 2>/dev/null; rm -rf t; tar -xpf a.tar; echo "tar=$?"',
  `python3 -c "import os; os.close(os.open('created', os.O_CREAT | os.O_WRONLY, 0o4755)); print('open=0')" 2>/dev/null || echo "open=1"`,
  'ls -l plain installed g t/inner created 2>&1 | cut -c1-10',
].join('\n');
const FILES = ['plain', 'installed', 'g', 't/inner', 'created'];

async function runAttack(info: SandboxInfo, dir: string): Promise<{ output: string; setid: string[] }> {
  const tools = await createCodeTools({ sandbox: info, network: false, allowUnsandboxed: true });
  const bash = tools.tools.find((t) => t.definition.tag === 'bash')!;
  const output = (await bash.run(block('bash', ATTACK), context(dir))).output;
  const setid: string[] = [];
  for (const f of FILES) {
    const info = await stat(path.join(dir, f)).catch(() => null);
    if (info && (info.mode & SETID) !== 0) setid.push(f);
  }
  return { output, setid };
}

describe.skipIf(process.platform !== 'linux')('set-user-ID bits', () => {
  it('control: without the seccomp filter a block leaves set-ID programs in the workspace', async () => {
    const dir = path.join(ws.dir, 'control');
    await mkdir(dir);
    const { setid } = await runAttack({ ...sandbox, seccomp: null }, dir);
    expect(setid).toEqual(expect.arrayContaining(['plain', 'installed', 'g', 'created']));
  });

  it('a sandboxed block cannot set a set-user-ID or set-group-ID bit by any route', async () => {
    expect(sandbox.seccomp).toMatch(/^\/proc\/\d+\/fd\/\d+$/);
    const dir = path.join(ws.dir, 'filtered');
    await mkdir(dir);
    const { output, setid } = await runAttack(sandbox, dir);
    expect(setid).toEqual([]);
    expect(output).toMatch(/chmod=1/);
    expect(output).toMatch(/install=1/);
    expect(output).toMatch(/open=1/);
  });

  it('inside the block the workspace is nosuid and no_new_privs is set', async () => {
    const tools = await createCodeTools({ sandbox, network: false });
    const bash = tools.tools.find((t) => t.definition.tag === 'bash')!;
    const output = (await bash.run(block('bash', 'grep NoNewPrivs /proc/self/status; grep " $PWD " /proc/self/mountinfo | head -1'), context(ws.dir))).output;
    expect(output).toMatch(/NoNewPrivs:\s+1/);
    expect(output).toMatch(/\bnosuid\b/);
  });

  it('the app drops the bits when it writes over a set-ID file (a saved block, an import)', async () => {
    const file = path.join(ws.dir, 'suid-target');
    await writeFile(file, 'old');
    await chmod(file, 0o6755);
    await writeInWorkspace(ws.dir, 'suid-target', 'new');
    expect((await stat(file)).mode & 0o7777).toBe(0o755);
    expect(await readFile(file, 'utf8')).toBe('new');
    await rm(file);
  });

  it('undo and redo never restore a set-ID bit recorded in a checkpoint (one made with the sandbox off)', async () => {
    const objects = new ObjectStore(path.join(ws.dir, '..', `${path.basename(ws.dir)}-objects`));
    const root = path.join(ws.dir, 'restored');
    await mkdir(root);
    const data = Buffer.from('#!/bin/sh\necho privileged\n');
    const entry = (mode: number, kind: 'file' | 'dir', hash: string | null) => ({ kind, mode, size: data.length, mtimeMs: Date.now(), ctimeMs: Date.now(), ino: 1, hash });
    const ops = [
      { path: 'sgid-dir', target: entry(0o2775, 'dir', null) },
      { path: 'sgid-dir/suid', target: entry(0o6755, 'file', objects.put(data)) },
    ];
    await objects.flush();
    await applyJournal(root, { version: 1, id: 'redo-setid', direction: 'redo', turns: ['t1'], ops }, objects);
    expect((await stat(path.join(root, 'sgid-dir/suid'))).mode & 0o7777).toBe(0o755);
    expect((await stat(path.join(root, 'sgid-dir'))).mode & 0o7777).toBe(0o775);
    expect(await readFile(path.join(root, 'sgid-dir/suid'))).toEqual(data);
    await rm(objects.dir, { recursive: true, force: true });
  });
});
