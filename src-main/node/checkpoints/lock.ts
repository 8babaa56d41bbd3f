// One workspace, one snapshot at a time: a queue inside this process and a lock file (with the
// holder's pid) between processes, so the app and a CLI run on the same folder never interleave.
// A lock left by a dead process is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive } from '../processAlive.js';

const queues = new Map<string, Promise<void>>();

function alive(pid: number): boolean {
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid);
}

function tryFileLock(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder = NaN;
  try {
    holder = Number(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  // Our own pid in the file can only be left by a crashed earlier process that had the same pid.
  if (!alive(holder)) rmSync(file, { force: true });
  return false;
}

/** Runs `fn` holding the workspace store's lock; waits (cancellably) for other holders. */
export async function withLock<T>(dir: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const release = await acquire(dir, signal);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Takes the lock and returns its release; for holds that span a whole turn. */
export async function acquire(dir: string, signal?: AbortSignal): Promise<() => void> {
  const previous = queues.get(dir) ?? Promise.resolve();
  let releaseQueue!: () => void;
  const mine = new Promise<void>((resolve) => (releaseQueue = resolve));
  const chained = previous.then(() => mine);
  queues.set(dir, chained);
  const done = () => {
    releaseQueue();
    if (queues.get(dir) === chained) queues.delete(dir);
  };
  try {
    await waitFor(previous, signal);
    const file = join(dir, 'lock');
    while (!tryFileLock(file)) {
      signal?.throwIfAborted();
      await sleep(25);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      rmSync(file, { force: true });
      done();
    };
  } catch (error) {
    // Cancelled while waiting: let the next in line go once the one before us is done.
    void previous.then(done);
    throw error;
  }
}

function waitFor(p: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return p;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))),
    );
  });
}
