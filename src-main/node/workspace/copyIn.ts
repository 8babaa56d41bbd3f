// Files and folders dropped from the operating system, copied into the workspace. The whole drop
// is measured first and refused as a whole when over the limits (nothing half-copied); folders are
// copied recursively; a symbolic link is recreated as a link only when it points inside the folder
// being copied, never followed, and skipped when it points out (a link to ~/.ssh in a dropped
// project must not bring the keys in). Existing workspace entries are never overwritten.
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AppError } from '../../common/errors.js';

export interface CopyInLimits {
  maxBytes: number;
  maxFiles: number;
}

export const DEFAULT_COPY_LIMITS: CopyInLimits = { maxBytes: 1024 * 1024 * 1024, maxFiles: 20_000 };

export interface CopyProgress {
  copiedBytes: number;
  totalBytes: number;
  copiedFiles: number;
  totalFiles: number;
  /** Workspace-relative path of the file just copied. */
  current: string;
}

export interface CopyInResult {
  /** Top-level names created in the workspace. */
  saved: string[];
  skipped: { path: string; reason: string }[];
  bytes: number;
}

type Item = { kind: 'dir'; rel: string } | { kind: 'file'; rel: string; src: string; size: number } | { kind: 'link'; rel: string; target: string };

interface Plan {
  top: string;
  src: string;
  items: Item[];
}

/** Whether `path` lies outside `dir` (`dir` itself is inside). */
function outside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/** A link's target when it stays inside `top` (the folder being copied), relative to the link; else null. */
export function insideLinkTarget(top: string, linkPath: string, target: string): string | null {
  const absolute = resolve(dirname(linkPath), target);
  if (outside(top, absolute)) return null;
  return relative(dirname(linkPath), absolute) || '.';
}

async function planEntry(src: string, skipped: CopyInResult['skipped'], workspace: string): Promise<Plan | null> {
  const info = await lstat(src).catch(() => null);
  if (!info) {
    skipped.push({ path: src, reason: 'not found' });
    return null;
  }
  if (info.isSymbolicLink()) {
    skipped.push({ path: src, reason: 'a link: drop the file or folder itself' });
    return null;
  }
  if (info.isFile()) return { top: src, src, items: [{ kind: 'file', rel: '', src, size: info.size }] };
  if (!info.isDirectory()) {
    skipped.push({ path: src, reason: 'not a regular file or folder' });
    return null;
  }
  if (!outside(src, workspace)) throw new AppError('BAD_INPUT', `${src} contains the workspace itself: it cannot be copied into it.`);
  const items: Item[] = [{ kind: 'dir', rel: '' }];
  const walk = async (dir: string, relDir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const relPath = relDir ? join(relDir, entry.name) : entry.name;
      if (entry.isSymbolicLink()) {
        const target = insideLinkTarget(src, full, await readlink(full));
        if (target) items.push({ kind: 'link', rel: relPath, target });
        else skipped.push({ path: full, reason: 'a link pointing outside the dropped folder' });
      } else if (entry.isDirectory()) {
        items.push({ kind: 'dir', rel: relPath });
        await walk(full, relPath);
      } else if (entry.isFile()) {
        items.push({ kind: 'file', rel: relPath, src: full, size: (await lstat(full)).size });
      } else skipped.push({ path: full, reason: 'not a regular file or folder' });
    }
  };
  await walk(src, '');
  return { top: src, src, items };
}

/** `name`, else `name (2)`, `name (3)`… : a drop never replaces what is in the workspace. */
async function freeName(root: string, name: string, taken: Set<string>): Promise<string> {
  const ext = extname(name);
  const stem = ext && ext !== name ? name.slice(0, -ext.length) : name;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${ext}`;
    if (!taken.has(candidate) && !(await lstat(join(root, candidate)).catch(() => null))) return candidate;
  }
}

/** Copies one file without following a link put in its place since it was measured; returns bytes written. */
async function copyFileNoFollow(src: string, dest: string, budget: number): Promise<number> {
  const input = await open(src, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    if (!(await input.stat()).isFile()) throw new AppError('BAD_INPUT', `${src} changed into something that is not a file.`);
    const output = await open(dest, 'wx', 0o644);
    try {
      const buffer = Buffer.alloc(1024 * 1024);
      let total = 0;
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return total;
        total += bytesRead;
        if (total > budget) throw new AppError('BAD_INPUT', `${src} grew while it was being copied: over the size limit.`);
        await output.write(buffer, 0, bytesRead);
      }
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
}

export async function copyIntoWorkspace(
  root: string,
  sources: readonly string[],
  options: { limits?: CopyInLimits; onProgress?: (p: CopyProgress) => void; signal?: AbortSignal } = {},
): Promise<CopyInResult> {
  const limits = options.limits ?? DEFAULT_COPY_LIMITS;
  const workspace = resolve(root);
  const skipped: CopyInResult['skipped'] = [];
  const plans: Plan[] = [];
  for (const src of sources) {
    if (!isAbsolute(src)) throw new AppError('BAD_INPUT', `Not an absolute path: ${src}`);
    const plan = await planEntry(resolve(src), skipped, workspace);
    if (plan) plans.push(plan);
  }
  const files = plans.flatMap((p) => p.items.filter((i): i is Extract<Item, { kind: 'file' }> => i.kind === 'file'));
  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  if (files.length > limits.maxFiles) throw new AppError('BAD_INPUT', `Too many files at once: ${files.length} (at most ${limits.maxFiles}). Nothing was copied.`);
  if (totalBytes > limits.maxBytes)
    throw new AppError('BAD_INPUT', `Too much at once: ${Math.ceil(totalBytes / 1048576)} MB (at most ${Math.floor(limits.maxBytes / 1048576)} MB). Nothing was copied.`);

  await mkdir(workspace, { recursive: true });
  const saved: string[] = [];
  const taken = new Set<string>();
  let copiedBytes = 0;
  let copiedFiles = 0;
  for (const plan of plans) {
    const name = await freeName(workspace, basename(plan.top), taken);
    taken.add(name);
    const destTop = join(workspace, name);
    try {
      for (const item of plan.items) {
        options.signal?.throwIfAborted();
        const dest = item.rel ? join(destTop, item.rel) : destTop;
        if (!dest.startsWith(workspace + sep)) throw new AppError('BAD_INPUT', `Refusing to write outside the workspace: ${dest}`);
        if (item.kind === 'dir') await mkdir(dest, { recursive: true });
        else if (item.kind === 'link')
          await symlink(item.target, dest).catch((error: unknown) =>
            skipped.push({ path: join(plan.src, item.rel), reason: `the link could not be recreated: ${error instanceof Error ? error.message : String(error)}` }),
          );
        else {
          copiedBytes += await copyFileNoFollow(item.src, dest, limits.maxBytes - copiedBytes);
          copiedFiles++;
          options.onProgress?.({ copiedBytes, totalBytes, copiedFiles, totalFiles: files.length, current: relative(workspace, dest) });
        }
      }
    } catch (error) {
      // What this entry had copied so far is ours to remove; nothing of the user's is touched.
      await rm(destTop, { recursive: true, force: true });
      throw error;
    }
    saved.push(name);
  }
  return { saved, skipped, bytes: copiedBytes };
}
