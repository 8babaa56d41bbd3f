// Marks that follow the file, not the path (issue 26). A mark kept only by path is dropped by a
// rename (`mv notes.txt a.txt`) or a hard link (`ln notes.txt b.txt`), and a copy never had it.
// Each marked file is also remembered by identity: its device and inode (a rename or a hard link
// keeps them) and the SHA-256 of its content (a copy keeps that). Reading a file with either taints.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { UntrustedFile } from '../../common/settings.js';

/** Files larger than this are remembered by inode only (hashing them would stall a mark). */
const MAX_HASHED_BYTES = 64 * 1024 * 1024;
/** Files of a marked folder remembered at most. */
const MAX_FOLDER_FILES = 2_000;

export const sha256Of = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The identity of the regular file `full`, or null when it is not one. Never opens a pipe or a device. */
export async function identityOf(full: string): Promise<UntrustedFile | null> {
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return null;
  if (info.size > MAX_HASHED_BYTES) return { dev: info.dev, ino: info.ino, sha256: null };
  const handle = await open(full, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return null;
    return { dev: opened.dev, ino: opened.ino, sha256: sha256Of(await handle.readFile()) };
  } finally {
    await handle.close();
  }
}

/** The identities of `full` (a file) or of the files in it (a folder, bounded). */
export async function identitiesUnder(full: string): Promise<UntrustedFile[]> {
  const info = await stat(full).catch(() => null);
  if (!info) return [];
  if (!info.isDirectory()) return [await identityOf(full)].filter((id): id is UntrustedFile => id !== null);
  const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).slice(0, MAX_FOLDER_FILES);
  const ids = await Promise.all(files.map((e) => identityOf(path.join(e.parentPath, e.name))));
  return ids.filter((id): id is UntrustedFile => id !== null);
}

const sameIdentity = (a: UntrustedFile, b: UntrustedFile) => a.dev === b.dev && a.ino === b.ino && a.sha256 === b.sha256;

/** `known` with `added` (no duplicates), or without `removed`'s inodes and contents. */
export function updateIdentities(known: readonly UntrustedFile[], added: readonly UntrustedFile[], removed: readonly UntrustedFile[]): UntrustedFile[] {
  const kept = known.filter((k) => !removed.some((r) => (r.dev === k.dev && r.ino === k.ino) || (r.sha256 !== null && r.sha256 === k.sha256)));
  for (const id of added) if (!kept.some((k) => sameIdentity(k, id))) kept.push(id);
  return kept;
}

/**
 * Whether the file at `full` is a marked one under any name: the same inode (a rename, a hard link)
 * or the same content (a copy). An inode reused after a marked file was deleted also matches: that
 * costs an approval, never a wrong "allow".
 */
export async function isMarkedFile(full: string, known: readonly UntrustedFile[]): Promise<boolean> {
  if (known.length === 0) return false;
  const id = await identityOf(full);
  return id !== null && known.some((k) => (k.dev === id.dev && k.ino === id.ino) || (k.sha256 !== null && k.sha256 === id.sha256));
}
