// The workspace guard: every path that comes from the model is resolved here before it is read or
// written. Lexical checks first (NUL bytes, Windows and URL forms, `..`), then the real check: the
// deepest existing ancestor is resolved with realpath, so a symlink pointing out is caught even when
// the final file does not exist yet. Writes are stricter (resolveForWrite, writeInWorkspace): no
// link at all on the way, and a temporary file renamed into place.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors.js';

function outside(workspace: string, userPath: string, why: string): AppError {
  const shown = JSON.stringify(userPath.replace(/\0/g, '\\0').slice(0, 200));
  return new AppError('PATH_OUTSIDE_WORKSPACE', `The path ${shown} ${why}; paths must stay inside the workspace ${workspace}.`);
}

/** Forms that name another root or another machine on some OS: refused everywhere, for portability. */
function foreignForm(p: string): string | null {
  if (p.includes('\0')) return 'contains a NUL byte';
  if (/^[A-Za-z]:/.test(p)) return 'is a Windows drive path';
  if (/^[\\/]{2}/.test(p)) return 'is a UNC or device path';
  if (/^[A-Za-z][\w+.-]*:\/\//.test(p)) return 'is a URL, not a path';
  if (/^~/.test(p)) return 'points into a home directory';
  return null;
}

const isInside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** The deepest existing ancestor of `target`, resolved by realpath, and the segments below it. */
async function realDeepest(target: string): Promise<string> {
  const pending: string[] = [];
  let current = target;
  for (;;) {
    try {
      const real = await realpath(current);
      return pending.length > 0 ? path.join(real, ...pending.reverse()) : real;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = path.dirname(current);
      if (parent === current) throw error;
      pending.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Resolves a path written by the model (relative to the workspace, or absolute inside it) to an
 * absolute real path inside the workspace; throws AppError PATH_OUTSIDE_WORKSPACE otherwise.
 */
export async function resolveInWorkspace(workspace: string, userPath: string): Promise<string> {
  if (typeof userPath !== 'string' || userPath.trim() === '') throw new AppError('BAD_INPUT', 'An empty path was given.');
  const foreign = foreignForm(userPath);
  if (foreign) throw outside(workspace, userPath, foreign);
  // A backslash separates folders on Windows; treat it as one here too so `..\\..\\x` cannot slip by.
  const written = userPath.replace(/\\/g, '/');
  const root = path.resolve(workspace);
  const lexical = path.resolve(root, written);
  const rootReal = await realpath(root).catch((error: unknown) => {
    throw new AppError('NOT_FOUND', `The workspace ${workspace} does not exist.`, { cause: error });
  });
  // An absolute path may name the workspace by its real path or by the path it was configured with.
  if (!isInside(root, lexical) && !isInside(rootReal, lexical)) throw outside(workspace, userPath, 'leads outside it');
  let real: string;
  try {
    real = await realDeepest(lexical);
  } catch (error) {
    throw outside(workspace, userPath, `cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!isInside(rootReal, real)) throw outside(workspace, userPath, 'goes through a link that leads outside it');
  return real;
}

/** The workspace-relative form of a resolved path, with forward slashes (for results and the UI). */
export async function workspaceRelative(workspace: string, absolute: string): Promise<string> {
  const rootReal = await realpath(path.resolve(workspace));
  const relative = path.relative(rootReal, absolute);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/**
 * Resolves a path the app is about to write (a block's save path, an imported file): the lexical
 * checks of resolveInWorkspace, then every component below the workspace is examined with lstat and
 * any symbolic link refuses the write, dangling ones included (a link to ~/.config/autostart/x does
 * not exist yet, yet a write through it would create it). Returns the absolute path, under the
 * workspace's real path.
 */
async function resolveForWrite(workspace: string, userPath: string): Promise<string> {
  await resolveInWorkspace(workspace, userPath);
  const rootReal = await realpath(path.resolve(workspace));
  const lexical = path.resolve(path.resolve(workspace), userPath.replace(/\\/g, '/'));
  const rootLexical = isInside(rootReal, lexical) ? rootReal : path.resolve(workspace);
  const parts = path
    .relative(rootLexical, lexical)
    .split(path.sep)
    .filter((p) => p !== '');
  if (parts.length === 0) throw outside(workspace, userPath, 'is the workspace itself, not a file in it');
  let current = rootReal;
  for (const [i, part] of parts.entries()) {
    current = path.join(current, part);
    const info = await lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw outside(workspace, userPath, `cannot be examined (${error.code ?? 'error'})`);
    });
    if (info === null) break;
    if (info.isSymbolicLink()) throw outside(workspace, userPath, 'goes through a symbolic link (writes never follow links)');
    if (i < parts.length - 1 && !info.isDirectory()) throw outside(workspace, userPath, `has a file where a folder is expected (${part})`);
    if (i === parts.length - 1 && info.isDirectory()) throw new AppError('BAD_INPUT', `The path ${JSON.stringify(userPath)} is a folder, not a file.`);
  }
  return path.join(rootReal, ...parts);
}

/**
 * Writes a file inside the workspace without ever following a link: the path is checked component
 * by component, folders are created one at a time (each checked again), the data goes to a new
 * temporary file beside the target (O_EXCL: never an existing file or link) and is renamed over it
 * (a rename replaces a link at the target itself, never its destination). Keeps an existing file's mode,
 * less its set-user-ID and set-group-ID bits.
 */
export async function writeInWorkspace(workspace: string, userPath: string, data: string | Uint8Array): Promise<string> {
  const target = await resolveForWrite(workspace, userPath);
  const rootReal = await realpath(path.resolve(workspace));
  const relative = path.relative(rootReal, path.dirname(target));
  let dir = rootReal;
  for (const part of relative === '' ? [] : relative.split(path.sep)) {
    dir = path.join(dir, part);
    await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const info = await lstat(dir);
    if (!info.isDirectory()) throw outside(workspace, userPath, 'goes through a symbolic link (writes never follow links)');
  }
  const previous = await lstat(target).catch(() => null);
  // The mode is kept without set-user-ID and set-group-ID bits: a write never carries privilege over.
  const mode = previous?.isFile() ? previous.mode & 0o1777 : 0o644;
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    await handle.writeFile(data);
    if (previous?.isFile()) await handle.chmod(mode);
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(tmp, target).catch(async (error: unknown) => {
    await rm(tmp, { force: true });
    throw error;
  });
  return target;
}
