import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src-main/common/errors.js';
import { inTransaction, pragmaValue } from '../../../src-main/node/store/database.js';
import { SCHEMA_VERSION } from '../../../src-main/node/store/schema.js';
import { INTERRUPTED_TURN_ERROR, SqliteStore } from '../../../src-main/node/store/sqliteStore.js';

let dir: string;
let store: SqliteStore;
const dbPath = () => join(dir, 'nested', 'folder', 'sessions.db');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-store-'));
  store = SqliteStore.open(dbPath());
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const block = (blockId: string, call: number) => ({
  blockId,
  call,
  tool: 'python',
  code: 'print(1)',
  status: 'ok' as const,
  success: true,
  exitCode: 0,
  output: '1\n',
  savedTo: 'a.py',
  durationMs: 12.5,
});

describe('SqliteStore sessions', () => {
  it('creates the missing folder and opens in WAL mode with foreign keys and the current schema', () => {
    const raw = new Database(dbPath());
    expect(pragmaValue(raw, 'journal_mode')).toBe('wal');
    expect(pragmaValue(raw, 'user_version')).toBe(SCHEMA_VERSION);
    raw.close();
    expect(store.integrityCheck()).toBe('ok');
  });

  it('creates the data folder 0700 and sessions.db, its WAL and shared-memory files 0600', () => {
    const mode = (p: string) => statSync(p).mode & 0o777;
    store.createSession('a write, so the WAL exists');
    expect(mode(join(dir, 'nested', 'folder'))).toBe(0o700);
    expect(mode(join(dir, 'nested'))).toBe(0o700);
    for (const suffix of ['', '-wal', '-shm']) expect(mode(dbPath() + suffix), `sessions.db${suffix}`).toBe(0o600);
  });

  it('tightens an existing database file readable by others to 0600 on open', () => {
    store.close();
    chmodSync(dbPath(), 0o644);
    store = SqliteStore.open(dbPath());
    expect(statSync(dbPath()).mode & 0o777).toBe(0o600);
    expect(store.listSessions()).toEqual([]);
  });

  it('lists, renames and finds sessions; unknown ids give NOT_FOUND or null, never a crash', () => {
    const a = store.createSession('First');
    const b = store.createSession();
    expect(b.title).toBe('New session');
    expect(
      store
        .listSessions()
        .map((s) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(store.renameSession(a.id, '  Renamed ').title).toBe('Renamed');
    expect(store.getSession(a.id)?.title).toBe('Renamed');
    expect(store.getSession('nope')).toBeNull();
    expect(() => store.renameSession('nope', 'x')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.renameSession(a.id, '   ')).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
    expect(() => store.appendMessage({ sessionId: 'nope', turnId: null, role: 'user', content: 'x', kind: 'message' })).toThrow(AppError);
  });

  it('orders the session list by latest activity, so a continued session comes first', async () => {
    const older = store.createSession('older');
    await new Promise((r) => setTimeout(r, 5));
    store.createSession('newer');
    await new Promise((r) => setTimeout(r, 5));
    store.appendMessage({ sessionId: older.id, turnId: null, role: 'user', content: 'hi', kind: 'message' });
    expect(store.listSessions()[0]?.id).toBe(older.id);
  });

  it('deleting a session deletes its messages, turns, replies and blocks but no other session data', () => {
    const gone = store.createSession('gone');
    const kept = store.createSession('kept');
    for (const s of [gone, kept]) {
      store.appendMessage({ sessionId: s.id, turnId: null, role: 'user', content: 'hello', kind: 'message' });
      store.startTurn({ turnId: `t-${s.title}`, sessionId: s.id, request: 'hello' });
      store.addReply(`t-${s.title}`, { call: 1, text: 'hi', reasoning: '' });
      store.addBlock(`t-${s.title}`, block('b1', 1));
    }
    const m = store.appendMessage({ sessionId: gone.id, turnId: null, role: 'assistant', content: 'x', kind: 'message' });
    store.compact(gone.id, m.id, 'summary');
    expect(store.deleteSession(gone.id)).toBe(true);
    expect(store.deleteSession(gone.id)).toBe(false);
    store.close();
    const raw = new Database(dbPath());
    for (const table of ['messages', 'compacted_messages', 'turns']) {
      const n = raw.prepare(`SELECT count(*) AS n FROM ${table} WHERE session_id = ?`).get(gone.id) as { n: number };
      expect(n.n, table).toBe(0);
    }
    expect((raw.prepare(`SELECT count(*) AS n FROM replies`).get() as { n: number }).n).toBe(1);
    expect((raw.prepare(`SELECT count(*) AS n FROM blocks`).get() as { n: number }).n).toBe(1);
    raw.close();
    store = SqliteStore.open(dbPath());
    expect(store.listTurns(kept.id)).toHaveLength(1);
    expect(store.loadMemory(kept.id)).toHaveLength(1);
  });
});

describe('SqliteStore turns', () => {
  it('returns turns in start order with their replies, blocks, plan and patched fields', () => {
    const s = store.createSession();
    store.startTurn({ turnId: 't1', sessionId: s.id, request: 'first' });
    store.startTurn({ turnId: 't2', sessionId: s.id, request: 'second' });
    store.addReply('t1', { call: 2, text: 'second reply', reasoning: '' });
    store.addReply('t1', { call: 1, text: 'first reply [[block:b1]]', reasoning: 'thinking' });
    store.addBlock('t1', block('b1', 1));
    store.addBlock('t1', { ...block('b2', 2), status: 'failed', success: false, exitCode: 1, savedTo: null });
    const plan = [{ id: 's1', agent: 'coder' as const, task: 'do', need: [], status: 'done' as const, output: 'ok' }];
    store.updateTurn('t1', { agent: 'coder', status: 'done', answer: 'All done', plan });
    store.updateTurn('t2', { status: 'failed', error: 'boom' });
    store.updateTurn('t2', { agent: 'casual' });

    const [t1, t2] = store.listTurns(s.id);
    expect(t1).toMatchObject({ turnId: 't1', request: 'first', agent: 'coder', status: 'done', answer: 'All done', error: null, plan });
    expect(t1?.replies).toEqual([
      { call: 1, text: 'first reply [[block:b1]]', reasoning: 'thinking' },
      { call: 2, text: 'second reply', reasoning: '' },
    ]);
    expect(t1?.blocks.map((b) => [b.blockId, b.status, b.success, b.exitCode, b.savedTo, b.durationMs])).toEqual([
      ['b1', 'ok', true, 0, 'a.py', 12.5],
      ['b2', 'failed', false, 1, null, 12.5],
    ]);
    // A later patch of one field must not erase the others.
    expect(t2).toMatchObject({ turnId: 't2', agent: 'casual', status: 'failed', error: 'boom', plan: null, replies: [], blocks: [] });
  });

  it('refuses writes to an unknown turn with NOT_FOUND', () => {
    expect(() => store.updateTurn('ghost', { status: 'done' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.addReply('ghost', { call: 1, text: '', reasoning: '' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.addBlock('ghost', block('b', 1))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('marks a turn left running by a dead process as failed on reopen, but not one of a live process', () => {
    const s = store.createSession();
    store.startTurn({ turnId: 'live', sessionId: s.id, request: 'still running here' });
    store.startTurn({ turnId: 'crashed', sessionId: s.id, request: 'was running when the app died' });
    store.close();
    const raw = new Database(dbPath());
    // A pid above the kernel's maximum can belong to no process: stands for the crashed app.
    raw.prepare(`UPDATE turns SET owner_pid = 99999999 WHERE id = 'crashed'`).run();
    raw.close();
    store = SqliteStore.open(dbPath());
    const turns = Object.fromEntries(store.listTurns(s.id).map((t) => [t.turnId, t]));
    expect(turns.crashed).toMatchObject({ status: 'failed', error: INTERRUPTED_TURN_ERROR });
    expect(turns.live).toMatchObject({ status: 'running', error: null });
  });
});

describe('SqliteStore memory', () => {
  it('loadMemory returns the latest summary then every later message, in order', () => {
    const s = store.createSession();
    const say = (content: string, role: 'user' | 'assistant' = 'user') => store.appendMessage({ sessionId: s.id, turnId: 't', role, content, kind: 'message' });
    const m1 = say('one');
    say('two', 'assistant');
    const m3 = say('three');
    say('four', 'assistant');
    expect(store.loadMemory(s.id).map((m) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    expect(m1.id).toBeLessThan(m3.id);

    store.compact(s.id, m3.id, 'summary of one..three');
    const afterFirst = store.loadMemory(s.id);
    expect(afterFirst.map((m) => [m.kind, m.content])).toEqual([
      ['summary', 'summary of one..three'],
      ['message', 'four'],
    ]);
    // Ids stay increasing in memory order, so "compact up to this message" keeps meaning the same.
    expect(afterFirst[0]!.id).toBeLessThan(afterFirst[1]!.id);

    say('five');
    store.compact(s.id, afterFirst[1]!.id, 'summary of everything to four');
    expect(store.loadMemory(s.id).map((m) => m.content)).toEqual(['summary of everything to four', 'five']);
  });

  it('compaction of one session leaves another session untouched even with interleaved ids', () => {
    const a = store.createSession();
    const b = store.createSession();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(store.appendMessage({ sessionId: a.id, turnId: null, role: 'user', content: `a${i}`, kind: 'message' }).id);
      store.appendMessage({ sessionId: b.id, turnId: null, role: 'user', content: `b${i}`, kind: 'message' });
    }
    store.compact(a.id, ids[2]!, 'a summary');
    expect(store.loadMemory(a.id).map((m) => m.content)).toEqual(['a summary']);
    expect(store.loadMemory(b.id).map((m) => m.content)).toEqual(['b0', 'b1', 'b2']);
    expect(() => store.compact(b.id, 0, 'nothing')).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });
});

describe('SqliteStore opening', () => {
  it('reports a file that is not a database as STORE_ERROR with the path', () => {
    const bad = join(dir, 'garbage.db');
    writeFileSync(bad, 'this is not sqlite'.repeat(400));
    expect(() => SqliteStore.open(bad)).toThrow(expect.objectContaining({ code: 'STORE_ERROR', message: expect.stringContaining(bad) }));
  });

  it('refuses a database from a newer app version instead of corrupting it', () => {
    store.close();
    const raw = new Database(dbPath());
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => SqliteStore.open(dbPath())).toThrow(expect.objectContaining({ code: 'STORE_ERROR', message: expect.stringContaining('newer') }));
    store = SqliteStore.open(join(dir, 'other.db'));
  });
});

describe('store transactions (libsql)', () => {
  it('rolls back a failed body, rethrows its own error, refuses nesting, and the connection keeps working', () => {
    const raw = new Database(':memory:');
    raw.exec('CREATE TABLE t (n INTEGER NOT NULL) STRICT');
    const insert = raw.prepare('INSERT INTO t (n) VALUES (?)');
    expect(() =>
      inTransaction(raw, 'IMMEDIATE', () => {
        insert.run(1);
        throw new Error('body failed');
      }),
    ).toThrow('body failed');
    expect(raw.inTransaction).toBe(false);
    expect(() => inTransaction(raw, 'IMMEDIATE', () => inTransaction(raw, 'DEFERRED', () => 1))).toThrow(/already open/);
    expect(inTransaction(raw, 'IMMEDIATE', () => insert.run(2).changes)).toBe(1);
    expect(raw.prepare('SELECT n FROM t').pluck().all()).toEqual([2]);
    raw.close();
  });
});
