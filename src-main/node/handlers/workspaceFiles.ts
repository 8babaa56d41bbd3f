// The workspace panel: list the files, and copy files dropped on the window into the workspace.
import { mkdir, readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { AppError } from '../../common/errors.js';
import { writeInWorkspace } from '../workspace/guard.js';

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

/** Saves dropped files at the workspace's top level under their base name (never a path from the page). */
export async function importFiles(root: string, files: readonly { name: string; dataBase64: string }[]): Promise<string[]> {
  const total = files.reduce((n, f) => n + (f.dataBase64.length * 3) / 4, 0);
  if (total > MAX_IMPORT_BYTES) throw new AppError('BAD_INPUT', 'Too much at once: drop at most 200 MB of files.');
  await mkdir(root, { recursive: true });
  const saved: string[] = [];
  for (const file of files) {
    const name = basename(file.name.replace(/\\/g, '/'));
    if (!name || name === '.' || name === '..' || name.includes('\0')) throw new AppError('BAD_INPUT', `Bad file name: ${file.name}`);
    // Never through a link at the name (a dangling one included): temporary file, then rename.
    await writeInWorkspace(root, name, Buffer.from(file.dataBase64, 'base64'));
    saved.push(name);
  }
  return saved;
}
