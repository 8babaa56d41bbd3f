// The workspace panel: list the files, and copy files dropped on the window into the workspace.
import { constants } from 'node:fs';
import { mkdir, open, readdir, realpath, rm, stat } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import { AppError } from '../../common/errors.js';

const MAX_LISTED = 2000;
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
const SKIPPED_DIRS = new Set(['node_modules', '.git', '__pycache__', '.venv']);

export async function listWorkspace(root: string): Promise<{ path: string; size: number; dir: boolean }[]> {
  const out: { path: string; size: number; dir: boolean }[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > 8 || out.length >= MAX_LISTED) return;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (out.length >= MAX_LISTED) return;
      const full = join(dir, entry.name);
      const rel = relative(root, full);
      if (entry.isDirectory()) {
        out.push({ path: rel, size: 0, dir: true });
        if (!SKIPPED_DIRS.has(entry.name)) await walk(full, depth + 1);
      } else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        out.push({ path: rel, size: info?.size ?? 0, dir: false });
      }
    }
  };
  await walk(root, 0);
  return out;
}

/**
 * Saves dropped files at the workspace's top level under their base name (never a path from the
 * page). Nothing in the workspace is replaced: a name already taken, by a file, a folder or a link,
 * gets `name (2)`, `name (3)`… as a drop from the file manager does (copyIn.ts).
 */
export async function importFiles(root: string, files: readonly { name: string; dataBase64: string }[]): Promise<string[]> {
  const total = files.reduce((n, f) => n + (f.dataBase64.length * 3) / 4, 0);
  if (total > MAX_IMPORT_BYTES) throw new AppError('BAD_INPUT', 'Too much at once: drop at most 200 MB of files.');
  await mkdir(root, { recursive: true });
  const rootReal = await realpath(root);
  const saved: string[] = [];
  for (const file of files) {
    const name = basename(file.name.replace(/\\/g, '/'));
    if (!name || name === '.' || name === '..' || name.includes('\0')) throw new AppError('BAD_INPUT', `Bad file name: ${file.name}`);
    saved.push(await saveAsNew(rootReal, name, Buffer.from(file.dataBase64, 'base64')));
  }
  return saved;
}

const MAX_NAME_TRIES = 1000;

/** Writes `data` to a file that did not exist (O_EXCL: never through a link, never over anything); returns its name. */
async function saveAsNew(rootReal: string, name: string, data: Buffer): Promise<string> {
  const ext = extname(name);
  const stem = ext && ext !== name ? name.slice(0, -ext.length) : name;
  for (let n = 1; n <= MAX_NAME_TRIES; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${ext}`;
    const full = join(rootReal, candidate);
    const handle = await open(full, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw new AppError('BAD_INPUT', `Could not save ${JSON.stringify(candidate)} in the workspace: ${error.code ?? error.message}.`);
    });
    if (handle === null) continue;
    try {
      await handle.writeFile(data);
    } catch (error) {
      await handle.close();
      await rm(full, { force: true });
      throw new AppError('BAD_INPUT', `Could not write ${JSON.stringify(candidate)} in the workspace: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
    }
    await handle.close();
    return candidate;
  }
  throw new AppError('BAD_INPUT', `Could not save ${JSON.stringify(name)}: the workspace already has ${MAX_NAME_TRIES} files of that name.`);
}
