// Applies a restore plan to the workspace, crash-safe: the plan is written first as a journal
// (fsync), each file is written beside its target (temp, fsynced in parallel) and renamed over it, and a
// restart replays an unfinished journal to its end. Every op is idempotent, so a replay after a
// kill -9 at any point ends in the planned state; no file is ever half written.
import { chmodSync, lstatSync, mkdirSync, renameSync, rmdirSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { z } from 'zod';
import { FsEntrySchema, type FsEntry } from '../../common/checkpoints.js';
import { fsyncAll, fsyncDir } from './atomic.js';
import type { ObjectStore } from './objects.js';
import { RESTORE_TMP_PREFIX } from './scan.js';
import { ShortPaths, withShortPath } from './shortPaths.js';

export const JournalSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[\w-]+$/),
  direction: z.enum(['undo', 'redo']),
  turns: z.array(z.string()),
  ops: z.array(z.object({ path: z.string(), target: FsEntrySchema.nullable() })),
});
export type Journal = z.infer<typeof JournalSchema>;

/** A workspace-relative path we wrote ourselves; refused if it could climb out of the workspace. */
export function checkRelPath(rel: string): string {
  const parts = rel.split('/');
  if (!rel || rel.startsWith('/') || rel.includes('\\') || rel.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error(`refusing checkpoint path "${rel}"`);
  }
  return rel;
}

const lstatOrNull = (abs: string): Stats | null => {
  try {
    return withShortPath(abs, (p) => lstatSync(p));
  } catch {
    return null;
  }
};

/**
 * Makes sure every folder above `rel` is a real folder (never a link out of the workspace), creating
 * missing ones. `ready` remembers the folders already made sure of in this restore: writes come
 * shallowest first, so each path checks only what is new above it (a deep tree costs its depth, not
 * its depth squared, in calls).
 */
function ensureParents(root: string, rel: string, ready: Set<string>): void {
  const pending: string[] = [];
  for (let dir = parentOf(rel); dir !== '' && !ready.has(dir); dir = parentOf(dir)) pending.push(dir);
  for (let i = pending.length - 1; i >= 0; i--) {
    const dir = pending[i]!;
    const abs = join(root, dir);
    const st = lstatOrNull(abs);
    if (!st) withShortPath(abs, (p) => mkdirSync(p, { mode: 0o755 }));
    else if (!st.isDirectory()) throw new Error(`cannot restore ${rel}: ${dir.slice(dir.lastIndexOf('/') + 1)} is not a folder`);
    ready.add(dir);
  }
}

/**
 * True when some folder above `rel` is missing or not a real folder: the path is not in the workspace
 * tree. `known` remembers each folder's answer across calls: a restore asks for every path of a deep
 * tree, and checking all of a path's folders each time would cost the tree's depth squared in lstats.
 */
export function hasForeignParent(root: string, rel: string, known: Map<string, boolean> = new Map()): boolean {
  // The folders above `rel` not yet known, nearest first, up to the nearest known one (or the root).
  const pending: string[] = [];
  for (let dir = parentOf(rel); dir !== ''; dir = parentOf(dir)) {
    const answer = known.get(dir);
    if (answer === false) {
      for (const below of pending) known.set(below, false); // below a foreign folder: foreign too
      return true;
    }
    if (answer === true) break;
    pending.push(dir);
  }
  for (let i = pending.length - 1; i >= 0; i--) {
    const dir = pending[i]!;
    const real = lstatOrNull(join(root, dir))?.isDirectory() === true;
    known.set(dir, real);
    if (!real) {
      // Every folder below a foreign one is foreign too: the next path of the same deep tree stops at once.
      for (let j = i - 1; j >= 0; j--) known.set(pending[j]!, false);
      return true;
    }
  }
  return false;
}

const parentOf = (rel: string): string => {
  const slash = rel.lastIndexOf('/');
  return slash === -1 ? '' : rel.slice(0, slash);
};

const depth = (p: string) => p.split('/').length;

function removeCurrent(abs: string, st: Stats): void {
  withShortPath(abs, (p) => (st.isDirectory() ? rmdirSync(p) : unlinkSync(p)));
}

/** Writes the new version beside its target; the caller fsyncs and renames it over. Returns the temp path (a short one, through `paths`). */
function stageFile(root: string, rel: string, target: FsEntry, tmpName: string, objects: ObjectStore, paths: ShortPaths): string {
  const tmp = paths.of(join(root, dirname(rel), tmpName));
  rmSync(tmp, { force: true });
  if (target.kind === 'link') {
    symlinkSync(target.target ?? '', tmp);
  } else {
    writeFileSync(tmp, objects.read(target.hash!), { mode: 0o600 });
    // Never a set-user-ID or set-group-ID bit: a block's checkpoint must not hand one back on redo.
    chmodSync(tmp, target.mode & ~0o6000);
    const seconds = target.mtimeMs / 1000;
    utimesSync(tmp, seconds, seconds);
  }
  return tmp;
}

const BATCH = 256;

/** Brings every path of the journal to its target. Safe to run again on the same journal. */
export async function applyJournal(root: string, journal: Journal, objects: ObjectStore, onOp?: () => void): Promise<number> {
  const tmpOf = (i: number) => `${RESTORE_TMP_PREFIX}${journal.id}-${i}`;
  const indexed = journal.ops.map((op, i) => ({ ...op, path: checkRelPath(op.path), i }));
  let lastYield = performance.now();
  const pause = async () => {
    onOp?.();
    if (performance.now() - lastYield > 8) {
      await yieldToLoop();
      lastYield = performance.now();
    }
  };
  // Removals first, deepest first: what goes away, or changes between file, folder and link.
  const folders = new Map<string, boolean>();
  const removals = indexed.filter((op) => !hasForeignParent(root, op.path, folders)).sort((a, b) => depth(b.path) - depth(a.path));
  for (const op of removals) {
    const abs = join(root, op.path);
    const st = lstatOrNull(abs);
    if (!st) continue;
    const kindNow = st.isDirectory() ? 'dir' : st.isSymbolicLink() ? 'link' : 'file';
    if (op.target === null || op.target.kind !== kindNow) removeCurrent(abs, st);
    await pause();
  }
  // Then creations and updates, shallowest first, so folders exist before what they hold.
  const writes = indexed.filter((op) => op.target !== null).sort((a, b) => depth(a.path) - depth(b.path));
  const ready = new Set<string>();
  for (let from = 0; from < writes.length; from += BATCH) {
    // Paths below the path limit are reached through folders held open for this batch (shortPaths.ts).
    const paths = new ShortPaths();
    try {
      const staged: { tmp: string; abs: string; link: boolean }[] = [];
      for (const op of writes.slice(from, from + BATCH)) {
        const target = op.target!;
        ensureParents(root, op.path, ready);
        const abs = paths.of(join(root, op.path));
        if (target.kind === 'dir') {
          if (!lstatOrNull(abs)) mkdirSync(abs, { mode: target.mode & ~0o6000 });
          chmodSync(abs, target.mode & ~0o6000);
        } else {
          staged.push({ tmp: stageFile(root, op.path, target, tmpOf(op.i), objects, paths), abs, link: target.kind === 'link' });
        }
        await pause();
      }
      // Every new version is on disk before the first one replaces its file.
      await fsyncAll(staged.filter((s) => !s.link).map((s) => s.tmp));
      for (const s of staged) renameSync(s.tmp, s.abs);
    } finally {
      paths.close();
    }
  }
  for (const dir of new Set(indexed.map((op) => dirname(join(root, op.path))))) withShortPath(dir, fsyncDir);
  return indexed.length;
}
