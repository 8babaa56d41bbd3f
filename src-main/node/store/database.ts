// The SQLite connection under the store: libsql, a Node-API binding, so the one build npm installs
// loads in Node (CLI, web host, tests) and in Electron alike; better-sqlite3 was built for one ABI
// and stopped the desktop app at startup. libsql keeps better-sqlite3's API with three differences
// this file absorbs: pragma(..., { simple: true }) returns the row object instead of the value,
// get() rows carry an extra `_metadata` key (the row mappers pick their columns, so it never
// leaks), and its transaction() wrapper rolls back without checking that a transaction is still
// open, which can hide the original error. Also, `readonly` is accepted but ignored.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';

export type Db = Database.Database;
export type Statement = Database.Statement;

/** The folder holds everyone's conversations: owner only. SQLite gives -wal and -shm the file's mode. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Opens `path`, creating its folder (0700) and the file (0600) first; tightens an existing file to 0600. */
export function openDatabase(path: string): Db {
  if (path === ':memory:') return new Database(path);
  mkdirSync(dirname(path), { recursive: true, mode: DIR_MODE });
  // Create the file ourselves: SQLite would create it with 0644 (less the umask). Only when it is
  // missing: closing any descriptor of the file drops the POSIX locks every SQLite connection of
  // this process holds on it (fcntl semantics), and a second connection in one process (the
  // schedules' beside the sessions') then read a file another process was writing (SHORT_READ).
  if (!existsSync(path)) closeSync(openSync(path, 'a', FILE_MODE));
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, FILE_MODE);
  return new Database(path);
}

/** The first column of a pragma's first row (what better-sqlite3's `{ simple: true }` returned). */
export function pragmaValue(db: Db, pragma: string): unknown {
  const row = db.prepare(`PRAGMA ${pragma}`).raw(true).get() as unknown[] | undefined;
  return row?.[0];
}

/**
 * Runs `body` in one transaction. IMMEDIATE takes the write lock at BEGIN, so a concurrent writer
 * waits (busy_timeout) instead of failing mid-way. Not reentrant: the store never nests them.
 */
export function inTransaction<T>(db: Db, mode: 'DEFERRED' | 'IMMEDIATE', body: () => T): T {
  if (db.inTransaction) throw new Error('A store transaction is already open on this connection.');
  db.exec(`BEGIN ${mode}`);
  try {
    const result = body();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite rolls back by itself after some errors (disk full, I/O): a second ROLLBACK would throw
    // and replace the error that matters.
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
