// Marks inside code blocks, by identity (issue 26). What a block reads cannot be seen, so a block
// counts as having read a marked file when its workspace holds one. By path alone that missed the
// marked file under another name: a hard link or a copy of it in this workspace (made by an earlier
// block, by the user, or a workspace switched to after marking), or a symbolic link to it. The
// workspace is searched for a file with a marked identity (untrustedFiles.ts: device and inode, or
// content hash), before and after the block, within a budget.
import { createHash } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { UntrustedFile } from '../../common/settings.js';

/** Entries looked at, files hashed (each at most HASH_MAX_BYTES), bytes hashed in all: beyond them a workspace is not searched further. */
const MAX_ENTRIES = 20_000;
const HASH_MAX_BYTES = 8 * 1024 * 1024;
const MAX_HASHED_BYTES = 64 * 1024 * 1024;

interface Candidate {
  full: string;
  dev: number;
  ino: number;
  size: number;
}

/** Regular files under `root` (and the targets of links to regular files), bounded; no folder link is followed. */
async function filesUnder(root: string): Promise<Candidate[]> {
  const found: Candidate[] = [];
  const stack = [root];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_ENTRIES) {
    const dir = stack.pop()!;
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) break;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile() || entry.isSymbolicLink()) {
        // A link is followed to what it names: reading it reads that file.
        const info = await stat(full).catch(() => null);
        if (info?.isFile()) found.push({ full, dev: info.dev, ino: info.ino, size: info.size });
      }
    }
  }
  return found;
}

/** The SHA-256 of a regular file, read through one non-blocking descriptor (no pipe swapped in can block it). */
async function hashOf(full: string): Promise<string | null> {
  const handle = await open(full, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > HASH_MAX_BYTES) return null;
    return createHash('sha256')
      .update(await handle.readFile())
      .digest('hex');
  } finally {
    await handle.close();
  }
}

/** A file under `root` that is a marked one under another name (same inode, or same content), as a path relative to `root`; null if none. */
export async function markedFileUnder(root: string, known: readonly UntrustedFile[]): Promise<string | null> {
  if (known.length === 0) return null;
  const files = await filesUnder(root);
  const shown = (c: Candidate) => path.relative(root, c.full) || path.basename(c.full);
  const byInode = files.find((f) => known.some((k) => k.dev === f.dev && k.ino === f.ino));
  if (byInode) return shown(byInode);
  const hashes = new Set(known.map((k) => k.sha256).filter((h): h is string => h !== null));
  if (hashes.size === 0) return null;
  let budget = MAX_HASHED_BYTES;
  for (const file of files) {
    if (file.size > HASH_MAX_BYTES || file.size > budget) continue;
    budget -= file.size;
    const hash = await hashOf(file.full);
    if (hash !== null && hashes.has(hash)) return shown(file);
  }
  return null;
}
