// Session search on the real SQLite file (libsql, FTS5): by title, by words of requests and
// answers (prefixes, any case, accents folded), kept in step as answers arrive and sessions go;
// punctuation in a query is never FTS5 syntax.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/node/store/database.js';
import { migrate } from '../../../src-main/node/store/schema.js';
import { SqliteStore } from '../../../src-main/node/store/sqliteStore.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('session search (FTS5)', () => {
  it('finds sessions by title and by what was asked and answered', () => {
    const store = SqliteStore.open(join(dir, 'sessions.db'));
    const otters = store.createSession('Marine mammals');
    store.startTurn({ turnId: 't1', sessionId: otters.id, request: 'How do sea otters use tools?' });
    store.updateTurn('t1', { status: 'done', answer: 'They crack shellfish with stones — a café-level trick.' });
    const code = store.createSession('Python help');
    store.startTurn({ turnId: 't2', sessionId: code.id, request: 'write a fibonacci function' });
    store.createSession('100% sure about "quotes"');

    const ids = (q: string) => store.searchSessions(q).map((s) => s.title);
    expect(ids('otter')).toEqual(['Marine mammals']); // prefix of a request word
    expect(ids('SHELLFISH stones')).toEqual(['Marine mammals']); // answer words, any case, all must match
    expect(ids('cafe')).toEqual(['Marine mammals']); // accents folded
    expect(ids('python')).toEqual(['Python help']); // title
    expect(ids('fibonacci')).toEqual(['Python help']);
    expect(ids('otters fibonacci')).toEqual([]);
    expect(ids('100%')).toEqual(['100% sure about "quotes"']); // LIKE wildcards escaped, no FTS5 syntax error
    expect(ids('"quotes"')).toEqual(['100% sure about "quotes"']);
    expect(ids('AND ( OR "*')).toEqual([]); // FTS5 operators are words here, never syntax
    expect(ids('   ')).toHaveLength(3);

    store.updateTurn('t2', { status: 'done', answer: 'Here is a memoised version.' });
    expect(ids('memoised')).toEqual(['Python help']); // answers are indexed as they arrive
    store.deleteSession(otters.id);
    expect(ids('otter')).toEqual([]);
    store.close();
  });

  it('indexes turns stored before the search existed (the migration fills the index)', () => {
    const path = join(dir, 'old.db');
    // A database as the app left it before the search existed (schema version 2), with one turn.
    const old = openDatabase(path);
    migrate(old, 2);
    old.exec(`INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('s-old', 'old', 1, 1);
      INSERT INTO turns (id, session_id, request, status, created_at, updated_at) VALUES ('x1', 's-old', 'remember the walrus', 'done', 1, 1);`);
    old.close();
    const reopened = SqliteStore.open(path);
    expect(reopened.searchSessions('walrus').map((x) => x.title)).toEqual(['old']);
    reopened.close();
  });
});
