// Schema migrations, numbered by SQLite's user_version. Each migration runs once, inside the same
// transaction as the version bump, so a crash mid-migration leaves the previous version intact.
import { inTransaction, pragmaValue, type Db } from './database.js';
import { AppError } from '../../common/errors.js';

const MIGRATIONS: readonly string[] = [
  // 1: sessions, memory, turns and what each turn produced.
  `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    turn_id TEXT,
    role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant')),
    content TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('message', 'summary')),
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX messages_by_session ON messages(session_id, id);

  -- Messages a summary replaced: out of the model's memory, kept for the record.
  -- A summary reuses the id of the last message it replaced, so message_id is not unique here.
  CREATE TABLE compacted_messages (
    archive_id INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    turn_id TEXT,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    kind TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    compacted_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX compacted_by_session ON compacted_messages(session_id);

  CREATE TABLE turns (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    request TEXT NOT NULL,
    agent TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
    answer TEXT NOT NULL DEFAULT '',
    error TEXT,
    plan TEXT,
    owner_pid INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX turns_by_session ON turns(session_id, seq);
  CREATE INDEX turns_running ON turns(status) WHERE status = 'running';

  CREATE TABLE replies (
    id INTEGER PRIMARY KEY,
    turn_id TEXT NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    call INTEGER NOT NULL,
    text TEXT NOT NULL,
    reasoning TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX replies_by_turn ON replies(turn_id, call);

  CREATE TABLE blocks (
    id INTEGER PRIMARY KEY,
    turn_id TEXT NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    block_id TEXT NOT NULL,
    call INTEGER NOT NULL,
    tool TEXT NOT NULL,
    code TEXT NOT NULL,
    status TEXT NOT NULL,
    success INTEGER NOT NULL,
    exit_code INTEGER,
    output TEXT NOT NULL,
    saved_to TEXT,
    duration_ms REAL NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX blocks_by_turn ON blocks(turn_id, id);
  `,
  // 2: the untrusted source a message's turn read (its taint lasts as long as the message is in memory).
  `
  ALTER TABLE messages ADD COLUMN untrusted TEXT;
  ALTER TABLE compacted_messages ADD COLUMN untrusted TEXT;
  `,
  // 3: full-text search of sessions by what was asked and answered (FTS5), kept in step by triggers.
  `
  CREATE VIRTUAL TABLE turn_search USING fts5(session_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2');
  INSERT INTO turn_search (rowid, session_id, body) SELECT seq, session_id, request || char(10) || answer FROM turns;
  CREATE TRIGGER turn_search_insert AFTER INSERT ON turns BEGIN
    INSERT INTO turn_search (rowid, session_id, body) VALUES (new.seq, new.session_id, new.request || char(10) || new.answer);
  END;
  CREATE TRIGGER turn_search_update AFTER UPDATE OF request, answer ON turns BEGIN
    DELETE FROM turn_search WHERE rowid = old.seq;
    INSERT INTO turn_search (rowid, session_id, body) VALUES (new.seq, new.session_id, new.request || char(10) || new.answer);
  END;
  CREATE TRIGGER turn_search_delete AFTER DELETE ON turns BEGIN
    DELETE FROM turn_search WHERE rowid = old.seq;
  END;
  `,
  // 4 (issue 29): facts kept across sessions, and the sessions started without them.
  `
  CREATE TABLE memories (
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    source TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE session_memory_off (session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE) STRICT;
  `,
  // 5: schedules (issue 31), their runs (one row per occurrence: the UNIQUE pair is the claim two
  // runners race for) and the approvals an unattended run waits on.
  `
  CREATE TABLE schedules (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    next_run_at INTEGER,
    paused INTEGER NOT NULL DEFAULT 0,
    paused_reason TEXT,
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE schedule_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    schedule_id TEXT NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    due_at INTEGER NOT NULL,
    status TEXT NOT NULL,
    runner TEXT NOT NULL,
    owner_pid INTEGER,
    session_id TEXT,
    started_at INTEGER,
    ended_at INTEGER,
    tokens INTEGER,
    changed_files INTEGER,
    notes TEXT NOT NULL DEFAULT '[]',
    error TEXT,
    UNIQUE (schedule_id, due_at)
  ) STRICT;
  CREATE INDEX schedule_runs_by_schedule ON schedule_runs(schedule_id, due_at);
  CREATE TABLE schedule_approvals (
    id TEXT PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES schedule_runs(id) ON DELETE CASCADE,
    tool TEXT NOT NULL,
    command TEXT NOT NULL,
    reasons TEXT NOT NULL,
    answer INTEGER,
    created_at INTEGER NOT NULL
  ) STRICT;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database to SCHEMA_VERSION; refuses a database written by a newer version of the app. */
export function migrate(db: Db): void {
  const readVersion = () => Number(pragmaValue(db, 'user_version'));
  const apply = () => {
    // Read again under the write lock: another process may have migrated since the check below.
    const current = readVersion();
    assertKnown(current);
    for (let version = current; version < SCHEMA_VERSION; version++) {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }
  };
  const current = readVersion();
  assertKnown(current);
  // IMMEDIATE takes the write lock first, so two processes opening a fresh file cannot both migrate.
  if (current < SCHEMA_VERSION) inTransaction(db, 'IMMEDIATE', apply);
}

function assertKnown(version: number): void {
  if (version > SCHEMA_VERSION) {
    throw new AppError('STORE_ERROR', `The session database has schema version ${version}, newer than this app's ${SCHEMA_VERSION}. Update the app or use another data folder.`);
  }
}
