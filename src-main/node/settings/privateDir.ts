// The data folder holds keys, tokens and every conversation: only the user may enter it (0700) and
// read its files (0600). A folder made by an older version, or by a umask of 022, is tightened at start.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Creates `dir` as 0700, or tightens it and the files directly in it (group and others lose every bit). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
  for (const name of readdirSync(dir)) {
    const info = lstatSync(join(dir, name), { throwIfNoEntry: false });
    if (info?.isFile()) tighten(join(dir, name), 0o600);
  }
}

function tighten(file: string, mode: number): void {
  const info = lstatSync(file, { throwIfNoEntry: false });
  // Only what this user owns, and never through a link.
  if (!info || info.isSymbolicLink() || (process.getuid && info.uid !== process.getuid())) return;
  if ((info.mode & 0o777 & ~mode) !== 0) chmodSync(file, info.mode & mode & 0o777);
}
