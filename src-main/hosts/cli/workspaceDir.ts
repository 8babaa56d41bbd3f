// The --workspace folder, checked before anything is created: Node's recursive mkdir loops for ever
// on procfs and sysfs (they answer every path with "exists" or EACCES in ways it does not expect),
// and a folder that cannot be written should be refused with its real cause, not fail mid-turn.
import { existsSync, mkdirSync, realpathSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from './args.js';

/** statfs(2) magic numbers of Linux filesystems that hold no files (devtmpfs shares tmpfs's number: /dev is caught by its prefix). */
const SPECIAL_FS: Record<number, string> = {
  0x9fa0: 'procfs',
  0x62656572: 'sysfs',
  0x1cd1: 'devpts',
  0x27e0eb: 'cgroup',
  0x63677270: 'cgroup2',
  0x64626720: 'debugfs',
  0x74726163: 'tracefs',
  0x73636673: 'securityfs',
  0xcafe4a11: 'bpf',
  0x6165676c: 'pstore',
  0x42494e4d: 'binfmt_misc',
  0x19800202: 'mqueue',
};
const SPECIAL_PREFIXES = ['/proc', '/sys', '/dev'];

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the filesystem is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file with that name exists',
  ENOSPC: 'the disk is full',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'the path loops through symbolic links',
  ENOENT: 'no such file or folder',
};

export const reasonOf = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return REASONS[code] ?? ((error as Error).message || String(error));
};

function nearestExisting(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function specialFilesystem(dir: string): string | null {
  if (process.platform === 'linux') {
    try {
      const kind = SPECIAL_FS[statfsSync(dir).type];
      if (kind) return kind;
    } catch {
      // statfs unavailable: the prefix check below still applies
    }
  }
  const hit = SPECIAL_PREFIXES.find((p) => dir === p || dir.startsWith(`${p}/`));
  return hit ? `the system folder ${hit}` : null;
}

/**
 * Creates the missing folders one by one, from the outermost: Node's recursive mkdir reports the
 * ENOENT of the innermost folder when a parent cannot be made (a read-only filesystem says EROFS
 * only to the parent's mkdir), which hid the real cause.
 */
function createFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (error) {
      // Made meanwhile (another process): fine if it is a folder.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw error;
    }
  }
}

/** Creates (if needed) and checks an absolute workspace path; throws UsageError (exit 2) with the cause. */
export function prepareWorkspace(dir: string): string {
  // The root (or a link to it) would be scanned whole for checkpoints: refused before anything runs.
  if (existsSync(dir) && realpathSync(dir) === '/') throw new UsageError(`Cannot use ${dir} as the workspace: it is the root folder. Choose a project folder.`);
  const special = specialFilesystem(nearestExisting(dir));
  if (special) throw new UsageError(`Cannot use ${dir} as the workspace: it is on ${special}, which holds no files. Choose a folder on a disk.`);
  try {
    createFolders(dir);
  } catch (error) {
    throw new UsageError(`Cannot create the workspace ${dir}: ${reasonOf(error)}.`);
  }
  if (!statSync(dir).isDirectory()) throw new UsageError(`Cannot use ${dir} as the workspace: it is a file, not a folder.`);
  // access(W_OK) says yes to root on a read-only bind mount's folders it owns; only a write tells.
  const probe = join(dir, `.agentic-write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new UsageError(`Cannot use ${dir} as the workspace: it is not writable (${reasonOf(error)}).`);
  }
  return dir;
}
