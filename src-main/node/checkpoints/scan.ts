// The fast scan: lstat every path (never following a link), reuse the previous hash when size,
// mtime, ctime, inode and mode are unchanged, and read + store only what changed. Synchronous
// calls are ~3x faster than fs.promises for 10,000 small files; the walk yields to the event loop
// every few milliseconds so a large workspace never stalls it.
import { lstatSync, readdirSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FsEntry } from '../../common/checkpoints.js';
import { sameStat, type Manifest } from '../../core/checkpoints/changes.js';
import { sha256, type ObjectStore } from './objects.js';

export const RESTORE_TMP_PREFIX = '.agentic-restore-';
const RACY_MS = 1000;

export interface ScanOptions {
  maxFileBytes: number;
  objects: ObjectStore;
  /** False: the caller flushes the objects written (together with its own writes). */
  flush?: boolean;
  /** Absolute folders never scanned (the app's own data folder when the workspace holds it). */
  exclude?: readonly string[];
  signal?: AbortSignal;
}

export function entryFromStats(st: Stats, hash: string | null, target?: string): FsEntry {
  const kind = st.isDirectory() ? 'dir' : st.isSymbolicLink() ? 'link' : 'file';
  return {
    kind,
    mode: st.mode & 0o7777,
    size: kind === 'dir' ? 0 : st.size,
    mtimeMs: kind === 'dir' ? 0 : st.mtimeMs,
    ctimeMs: kind === 'dir' ? 0 : st.ctimeMs,
    ino: st.ino,
    hash,
    ...(target !== undefined && { target }),
  };
}

/** The state of one path now; `hint` lets an unchanged file skip being read. Files are stored when `objects` is given. */
export function probePath(root: string, rel: string, hint: FsEntry | null | undefined, opts: { maxFileBytes: number; objects?: ObjectStore }): FsEntry | null {
  let st: Stats;
  try {
    st = lstatSync(join(root, rel));
  } catch {
    return null;
  }
  return entryOf(join(root, rel), st, hint ?? undefined, opts);
}

function entryOf(abs: string, st: Stats, prev: FsEntry | undefined, opts: { maxFileBytes: number; objects?: ObjectStore }): FsEntry | null {
  if (st.isSymbolicLink()) return entryFromStats(st, null, readlinkSync(abs));
  if (st.isDirectory()) return entryFromStats(st, null);
  if (!st.isFile()) return null; // sockets, fifos, devices: not workspace content
  const fresh = entryFromStats(st, null);
  if (prev && prev.kind === 'file' && sameStat(prev, fresh)) return { ...fresh, hash: prev.hash };
  if (st.size > opts.maxFileBytes) return fresh;
  let data: Buffer;
  try {
    data = readFileSync(abs);
  } catch {
    return fresh; // unreadable: recorded by size and time, like a file over the limit
  }
  const hash = sha256(data);
  opts.objects?.put(data, hash);
  // File times tick coarsely (a few ms): a file written again in the same tick, with the same size,
  // would look unchanged to the next scan. One written that recently is read again next time.
  if (Date.now() - st.mtimeMs < RACY_MS) return { ...fresh, hash, ctimeMs: -1 };
  return { ...fresh, hash };
}

function unchanged(e: FsEntry, st: Stats): boolean {
  if (e.ino !== st.ino || e.mode !== (st.mode & 0o7777)) return false;
  if (e.kind === 'dir') return st.isDirectory();
  return e.kind === 'file' && st.isFile() && e.size === st.size && e.mtimeMs === st.mtimeMs && e.ctimeMs === st.ctimeMs;
}

export async function scanWorkspace(root: string, prev: Manifest, opts: ScanOptions): Promise<{ manifest: Manifest; hashed: number }> {
  const manifest: Manifest = new Map();
  const exclude = new Set(opts.exclude ?? []);
  const stack: string[] = [''];
  let hashed = 0;
  let lastYield = performance.now();
  while (stack.length) {
    const rel = stack.pop()!;
    const absDir = rel ? join(root, rel) : root;
    let names: string[];
    try {
      names = readdirSync(absDir);
    } catch {
      continue; // removed while scanning, or unreadable
    }
    for (const name of names) {
      if (name.startsWith(RESTORE_TMP_PREFIX)) continue;
      const path = rel ? `${rel}/${name}` : name;
      const abs = join(absDir, name);
      if (exclude.has(abs)) continue;
      let st: Stats;
      try {
        st = lstatSync(abs);
      } catch {
        continue;
      }
      const before = prev.get(path);
      // Unchanged (the common case): the previous entry itself, no new object, no read.
      if (before && unchanged(before, st)) {
        manifest.set(path, before);
        if (before.kind === 'dir') stack.push(path);
        continue;
      }
      const entry = entryOf(abs, st, before, opts);
      if (!entry) continue;
      if (entry.kind === 'file' && entry.hash !== null && before?.hash !== entry.hash) hashed++;
      manifest.set(path, entry);
      if (entry.kind === 'dir') stack.push(path);
    }
    if (performance.now() - lastYield > 8) {
      opts.signal?.throwIfAborted();
      await yieldToLoop();
      lastYield = performance.now();
    }
  }
  if (opts.flush !== false) await opts.objects.flush();
  return { manifest, hashed };
}
