// No write follows a link out of the workspace: a block's save path and a dropped file are refused
// when any component is a symbolic link (dangling ones included), and files are renamed into place.
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../src-main/node/handlers/workspaceFiles.js';
import { writeInWorkspace } from '../../src-main/node/workspace/guard.js';
import { block, context, toolFor } from '../integration/exec/setup.js';

let base: string;
let ws: string;
let outside: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'links-')));
  ws = path.join(base, 'ws');
  outside = path.join(base, 'home', '.config', 'autostart');
  await mkdir(ws, { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'existing.desktop'), 'original');
  // A dangling link: its target does not exist yet, so realpath-based checks let it through.
  await symlink(path.join(outside, 'planted.desktop'), path.join(ws, 'link.py'));
  await symlink(path.join(outside, 'existing.desktop'), path.join(ws, 'existing.py'));
  await symlink(outside, path.join(ws, 'dirlink'));
  await mkdir(path.join(ws, 'src'));
  await writeFile(path.join(ws, 'src', 'inside.py'), 'x = 1\n');
  await symlink(path.join(ws, 'src', 'inside.py'), path.join(ws, 'inner-link.py'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

const outsideUntouched = async () => {
  expect((await readdir(outside)).sort()).toEqual(['existing.desktop']);
  expect(await readFile(path.join(outside, 'existing.desktop'), 'utf8')).toBe('original');
};

describe('a block saved through a link', () => {
  it.each([
    ['a dangling link to a file outside', 'link.py'],
    ['a link to an existing file outside', 'existing.py'],
    ['a link to a folder outside', 'dirlink/planted.desktop'],
    ['a link to a folder outside, deeper', 'dirlink/new/planted.desktop'],
    ['a link that points inside the workspace', 'inner-link.py'],
  ])('is refused for %s, and nothing outside changes', async (_what, savePath) => {
    const result = await (await toolFor('python')).run(block('python', 'print("ran")', savePath), context(ws));
    expect(result.status).toBe('error');
    expect(result.feedback).toMatch(/symbolic link|outside/);
    expect(result.output).not.toContain('ran');
    await outsideUntouched();
  });

  it('still leaves the link itself as it was', async () => {
    expect(await readlink(path.join(ws, 'link.py'))).toBe(path.join(outside, 'planted.desktop'));
    expect(await readFile(path.join(ws, 'src', 'inside.py'), 'utf8')).toBe('x = 1\n');
  });

  it('saves a normal path, in new folders, without leaving temporary files', async () => {
    const result = await (await toolFor('python')).run(block('python', 'print("saved")', 'pkg/sub/main.py'), context(ws));
    expect(result).toMatchObject({ status: 'ok', savedTo: 'pkg/sub/main.py' });
    expect(await readFile(path.join(ws, 'pkg', 'sub', 'main.py'), 'utf8')).toBe('print("saved")\n');
    expect(await readdir(path.join(ws, 'pkg', 'sub'))).toEqual(['main.py']);
  });
});

describe('writeInWorkspace', () => {
  it('replaces an existing file by rename and keeps its mode', async () => {
    const file = path.join(ws, 'run.sh');
    await writeFile(file, 'old');
    await chmod(file, 0o750);
    const before = await stat(file);
    await writeInWorkspace(ws, 'run.sh', 'new');
    const after = await stat(file);
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(after.mode & 0o777).toBe(0o750);
    expect(after.ino).not.toBe(before.ino);
  });

  it('refuses a folder reached through a link even when the link was made after the path was chosen', async () => {
    await symlink(outside, path.join(ws, 'late'));
    await expect(writeInWorkspace(ws, 'late/x.desktop', 'x')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    await outsideUntouched();
  });

  it('refuses ../ and absolute paths outside as before', async () => {
    await expect(writeInWorkspace(ws, '../home/.config/autostart/x', 'x')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    await expect(writeInWorkspace(ws, path.join(outside, 'x'), 'x')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    await outsideUntouched();
  });
});

describe('importing dropped files', () => {
  it("never writes through a dropped file's name that is a link in the workspace (dangling or not): it saves beside it", async () => {
    const data = Buffer.from('dropped').toString('base64');
    expect(await importFiles(ws, [{ name: 'link.py', dataBase64: data }])).toEqual(['link (2).py']);
    expect(await importFiles(ws, [{ name: 'existing.py', dataBase64: data }])).toEqual(['existing (2).py']);
    await outsideUntouched();
    expect((await lstat(path.join(ws, 'link.py'))).isSymbolicLink()).toBe(true);
  });

  it('imports a plain file', async () => {
    expect(await importFiles(ws, [{ name: '../../evil/notes.txt', dataBase64: Buffer.from('hi').toString('base64') }])).toEqual(['notes.txt']);
    expect(await readFile(path.join(ws, 'notes.txt'), 'utf8')).toBe('hi');
  });
});
