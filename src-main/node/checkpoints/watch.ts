// Which folders of a workspace changed since the last scan, from the kernel's file notifications
// (inotify on Linux: one watch per folder, reporting every change to its direct children). With it
// the scans before and after a turn look only at what changed instead of lstat-ing every path.
//
// A full scan is asked for whenever the notes could be incomplete: a watch that failed or errored,
// more events than the kernel's queue is sure to hold (an overflow drops events silently), more
// folders than a fair share of the user's watches. A folder watched only after it was read is
// marked changed, so the next scan reads it again under its watch. Events arrive asynchronously:
// settle() creates and removes a file in the workspace's root and waits for that event, and since
// the events of all watches come in order through one inotify descriptor, every earlier change
// has then been noted. Elsewhere (macOS, Windows, and network or FUSE file systems, where another
// machine's changes raise no local event) there is no watch: every scan is full.
import { readFileSync, statfsSync, unlinkSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { withShortPath } from './shortPaths.js';

/** Per changed folder ('' is the root): the names of the children that changed, or null for all of them. */
export type Dirty = Map<string, Set<string> | null>;

/** Folders watched at most: inotify watches are shared by all of the user's programs (8,192 on older kernels). */
const MAX_FOLDERS = 4096;
/** Events between two scans at most, well under the kernel's queue (16,384 by default). */
const MAX_EVENTS = Math.min(8192, Math.floor(queueLimit() / 2));
/** The sentinel's name starts like a restore's temporary files, which every scan skips. */
const SENTINEL_PREFIX = '.agentic-restore-sync-';
const SETTLE_TIMEOUT_MS = 2000;

function queueLimit(): number {
  try {
    return Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim()) || 16_384;
  } catch {
    return 16_384;
  }
}

export const canWatch = process.platform === 'linux';

/**
 * File systems where another machine (or a FUSE daemon) can change files without a local inotify
 * event: NFS, SMB/CIFS, FUSE (sshfs, rclone), 9p, Ceph, AFS. A workspace there is scanned in full.
 */
const REMOTE_FILE_SYSTEMS = new Set([0x6969, 0x517b, 0xff534d42, 0xfe534d42, 0x65735546, 0x01021997, 0x00c36400, 0x5346414f]);

/** Whether changes in `root` are all seen by inotify (a local file system on Linux). */
export function watchable(root: string): boolean {
  if (!canWatch) return false;
  try {
    return !REMOTE_FILE_SYSTEMS.has(statfsSync(root).type);
  } catch {
    return false;
  }
}

export class WorkspaceWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private dirty: Dirty = new Map();
  private events = 0;
  /** Set when the notes may be incomplete: the next take() asks for a full scan. */
  private broken = false;
  /** Set for good when the workspace has too many folders or the watches run out: every scan is full. */
  private disabled = false;
  private sentinel: { name: string; seen: () => void } | null = null;

  constructor(
    private readonly root: string,
    private readonly exclude: ReadonlySet<string>,
  ) {}

  /** Watches a folder (workspace-relative, '' for the root). `readBefore`: it was read before its watch existed. */
  add(rel: string, readBefore: boolean): void {
    if (this.disabled || this.broken || this.watchers.has(rel)) return;
    const abs = rel ? join(this.root, rel) : this.root;
    if (this.exclude.has(abs)) return;
    if (this.watchers.size >= MAX_FOLDERS) return this.disable();
    try {
      // A folder below the path limit is watched through a short path (shortPaths.ts); the watch holds the folder itself.
      const watcher = withShortPath(abs, (p) => watch(p, { persistent: false }, (_event, name) => this.note(rel, name)));
      watcher.on('error', () => this.break());
      watcher.unref();
      this.watchers.set(rel, watcher);
    } catch (error) {
      // Out of inotify watches (ENOSPC) stays so; a folder that vanished meanwhile is only this scan's problem.
      return (error as NodeJS.ErrnoException).code === 'ENOSPC' ? this.disable() : this.break();
    }
    if (readBefore) this.dirty.set(rel, null);
  }

  /** Stops watching a folder that is gone and everything under it. */
  forget(rel: string): void {
    for (const [path, watcher] of this.watchers) {
      if (path === rel || path.startsWith(`${rel}/`)) {
        watcher.close();
        this.watchers.delete(path);
      }
    }
  }

  private note(rel: string, name: string | Buffer | null): void {
    const child = name === null ? null : String(name);
    if (child?.startsWith(SENTINEL_PREFIX)) {
      if (rel === '' && child === this.sentinel?.name) this.sentinel.seen();
      return;
    }
    if (++this.events > MAX_EVENTS) return this.break();
    const names = this.dirty.get(rel);
    if (child === null) this.dirty.set(rel, null);
    else if (names === undefined) this.dirty.set(rel, new Set([child]));
    else names?.add(child);
  }

  private break(): void {
    this.broken = true;
    this.dirty.clear();
  }

  private disable(): void {
    this.disabled = true;
    this.break();
    this.close();
  }

  /** Waits until every change made before the call has been noted; false when that cannot be known. */
  async settle(): Promise<boolean> {
    if (this.disabled || this.broken || !this.watchers.has('')) return false;
    const name = `${SENTINEL_PREFIX}${process.pid}-${Math.random().toString(36).slice(2)}`;
    const seen = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      this.sentinel = {
        name,
        seen: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
    });
    try {
      writeFileSync(join(this.root, name), '', { flag: 'wx' });
      unlinkSync(join(this.root, name));
    } catch {
      this.sentinel = null;
      return false; // a read-only workspace, say: full scans
    }
    const ok = await seen;
    this.sentinel = null;
    return ok && !this.broken;
  }

  /** The folders changed since the last take, or null when a full scan is needed; notes start afresh. */
  take(): Dirty | null {
    const dirty = this.broken ? null : this.dirty;
    this.dirty = new Map();
    this.events = 0;
    if (this.broken && !this.disabled) {
      // Start again: the caller's full scan re-adds every folder.
      this.close();
      this.broken = false;
    }
    return dirty;
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}
