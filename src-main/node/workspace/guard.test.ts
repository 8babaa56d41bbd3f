import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors.js';
import { resolveInWorkspace, workspaceRelative } from './guard.js';

let base: string;
let ws: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'guard-')));
  ws = path.join(base, 'ws');
  await mkdir(path.join(ws, 'src'), { recursive: true });
  await mkdir(path.join(base, 'secret'));
  await mkdir(path.join(base, 'ws-evil'));
  await writeFile(path.join(base, 'secret', 'key.txt'), 'k');
  await writeFile(path.join(ws, 'src', 'a.py'), 'print(1)');
  await symlink(path.join(base, 'secret'), path.join(ws, 'out-dir'));
  await symlink(path.join(base, 'secret', 'key.txt'), path.join(ws, 'out-file'));
  await symlink('../../secret', path.join(ws, 'src', 'rel-out'));
  await symlink('/etc', path.join(ws, 'etc-link'));
  await symlink(path.join(ws, 'loop-b'), path.join(ws, 'loop-a'));
  await symlink(path.join(ws, 'loop-a'), path.join(ws, 'loop-b'));
  await symlink(path.join(ws, 'src'), path.join(ws, 'in-link'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const hostile = (): string[] => [
  '..',
  '../',
  '../secret/key.txt',
  'src/../../secret',
  'src/../../../etc/passwd',
  './../ws-evil/x',
  '../ws-evil',
  'a/b/../../../x',
  '..\\secret\\key.txt',
  'src\\..\\..\\secret',
  '/etc/passwd',
  '/',
  '/tmp/x.txt',
  `${base}/secret/key.txt`,
  `${base}/ws-evil/file`,
  `${ws}/../secret`,
  'out-dir/key.txt',
  'out-dir/new-file.txt',
  'out-file',
  'src/rel-out/key.txt',
  'etc-link/passwd',
  'etc-link/new/deeper/file',
  'loop-a/x',
  'a.txt\0.png',
  '\0',
  'C:\\Windows\\system32',
  'c:/x',
  'C:relative',
  '\\\\server\\share\\x',
  '//server/share/x',
  '\\\\?\\C:\\x',
  '~/.ssh/id_rsa',
  '~root/x',
  'file:///etc/passwd',
];

describe('resolveInWorkspace', () => {
  it('refuses at least 25 hostile paths with PATH_OUTSIDE_WORKSPACE naming the workspace', async () => {
    const paths = hostile();
    expect(paths.length).toBeGreaterThanOrEqual(25);
    for (const p of paths) {
      const error = await resolveInWorkspace(ws, p).then(
        (resolved) => new Error(`accepted ${JSON.stringify(p)} as ${resolved}`),
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(p)).toBeInstanceOf(AppError);
      expect((error as AppError).code, JSON.stringify(p)).toBe('PATH_OUTSIDE_WORKSPACE');
      expect((error as AppError).message).toContain(ws);
    }
  });

  it.each([
    ['src/a.py', 'src/a.py'],
    ['./src/../src/a.py', 'src/a.py'],
    ['new/deep/file.txt', 'new/deep/file.txt'],
    ['in-link/a.py', 'src/a.py'],
    ['.', '.'],
    ['..foo', '..foo'],
    ['%2e%2e/x', '%2e%2e/x'],
    ['src/a.py ', 'src/a.py '],
  ])('accepts %s inside the workspace', async (p, relative) => {
    const resolved = await resolveInWorkspace(ws, p);
    expect(await workspaceRelative(ws, resolved)).toBe(relative);
  });

  it('accepts an absolute path inside the workspace', async () => {
    expect(await resolveInWorkspace(ws, path.join(ws, 'src', 'a.py'))).toBe(path.join(ws, 'src', 'a.py'));
  });

  it('refuses an empty path as bad input', async () => {
    await expect(resolveInWorkspace(ws, '  ')).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('accepts paths when the workspace itself is reached through a symlink', async () => {
    const alias = path.join(base, 'alias');
    await symlink(ws, alias);
    expect(await resolveInWorkspace(alias, 'src/a.py')).toBe(path.join(ws, 'src', 'a.py'));
    await expect(resolveInWorkspace(alias, '../secret')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
  });
});
