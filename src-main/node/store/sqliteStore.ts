// The session store on SQLite (libsql, see database.ts). Every write is one transaction and returns only once
// committed. Durability: in WAL mode a commit has reached the OS before it returns, so with either
// setting an acknowledged write survives a kill -9 of the app. synchronous=FULL (the default here)
// also fsyncs the WAL at each commit, so it survives an OS crash or power cut too, which is what
// "acknowledged only once durable" (core/store.ts) promises; the price is one fsync per write
// (~0.5 ms on an idle SSD, several ms on a busy disk), small beside a model call. NORMAL skips that
// fsync: still never corrupt, but a power cut may roll back the last commits.
import type { AgentName } from '../../common/agents.js';
import type { Session, TurnRecord } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { BlockResult, PlanStepView } from '../../common/events.js';
import type { SessionStore, StoredMessage } from '../../core/store.js';
import { processAlive } from '../processAlive.js';
import { inTransaction, openDatabase, pragmaValue, type Db } from './database.js';
import { migrate } from './schema.js';
import { createMemoryTable } from './memoryTable.js';
import type { MemoryStore } from '../../core/memory/memory.js';
import { groupByTurn, toMessage, toSession, toTurnRecord, type BlockRow, type MessageRow, type ReplyRow, type SessionRow, type TurnRow } from './rows.js';
import { prepareStatements, type Statements } from './statements.js';

export const INTERRUPTED_TURN_ERROR = 'The app stopped while this turn was running (crash or forced quit); its work up to that point is kept.';

type TurnPatch = Partial<{ agent: AgentName; status: TurnRecord['status']; answer: string; error: string | null; plan: PlanStepView[] }>;

export class SqliteStore implements SessionStore {
  private readonly sql: Statements;

  /** Facts kept across sessions (issue 29), in the same database. */
  readonly memory: MemoryStore;

  private constructor(private readonly db: Db) {
    this.sql = prepareStatements(db);
    this.memory = createMemoryTable(db);
  }

  /** Opens (creating the folder and file if needed) and migrates the database; fails turns a crash left running. */
  static open(path: string, options: { synchronous?: 'FULL' | 'NORMAL' } = {}): SqliteStore {
    let db: Db | undefined;
    try {
      db = openDatabase(path);
      db.pragma('busy_timeout = 5000');
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
      db.pragma('foreign_keys = ON');
      migrate(db);
      const store = new SqliteStore(db);
      store.failInterruptedTurns();
      return store;
    } catch (error) {
      db?.close();
      if (error instanceof AppError) throw error;
      throw new AppError('STORE_ERROR', `Cannot open the session database ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** For checks and tests: SQLite's own integrity verdict ('ok' when sound). */
  integrityCheck(): string {
    return String(pragmaValue(this.db, 'integrity_check'));
  }

  createSession(title?: string): Session {
    const now = Date.now();
    const row: SessionRow = { id: crypto.randomUUID(), title: title?.trim() || 'New session', created_at: now, updated_at: now };
    this.sql.insertSession.run(row);
    return toSession(row);
  }

  listSessions(): Session[] {
    return (this.sql.listSessions.all() as SessionRow[]).map(toSession);
  }

  /** Sessions by title or by the words of their requests and answers (each word a prefix; all must match). */
  searchSessions(query: string): Session[] {
    const words =
      query
        .normalize('NFKC')
        .match(/[\p{L}\p{N}_]+/gu)
        ?.slice(0, 12) ?? [];
    if (words.length === 0) return this.listSessions();
    const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = words.map((w) => `"${w}"*`).join(' ');
    return (this.sql.searchSessions.all({ like, match }) as SessionRow[]).map(toSession);
  }

  getSession(id: string): Session | null {
    const row = this.sql.getSession.get(id) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  renameSession(id: string, title: string): Session {
    const clean = title.trim();
    if (!clean) throw new AppError('BAD_INPUT', 'A session title cannot be empty.');
    const changed = this.sql.renameSession.run({ id, title: clean, now: Date.now() }).changes;
    if (changed === 0) throw notFound('session', id);
    return this.getSession(id)!;
  }

  deleteSession(id: string): boolean {
    // Foreign keys cascade to messages, compacted messages, turns, replies and blocks.
    return this.sql.deleteSession.run(id).changes > 0;
  }

  appendMessage(message: Omit<StoredMessage, 'id' | 'createdAt'>): StoredMessage {
    const createdAt = Date.now();
    const id = this.write(() => {
      this.requireSession(message.sessionId);
      const result = this.sql.insertMessage.run({
        session_id: message.sessionId,
        turn_id: message.turnId,
        role: message.role,
        content: message.content,
        kind: message.kind,
        created_at: createdAt,
        untrusted: message.untrusted ?? null,
      });
      this.sql.touchSession.run({ id: message.sessionId, now: createdAt });
      return Number(result.lastInsertRowid);
    });
    return { ...message, id, createdAt };
  }

  loadMemory(sessionId: string): StoredMessage[] {
    const summary = this.sql.latestSummary.get(sessionId) as MessageRow | undefined;
    const rows = this.sql.messagesAfter.all({ session_id: sessionId, after: summary?.id ?? 0 }) as MessageRow[];
    return (summary ? [summary, ...rows] : rows).map(toMessage);
  }

  compact(sessionId: string, uptoId: number, summary: string): void {
    const now = Date.now();
    this.write(() => {
      this.requireSession(sessionId);
      const last = this.sql.lastMessageUpTo.get({ session_id: sessionId, upto: uptoId }) as { id: number } | undefined;
      if (!last) throw new AppError('BAD_INPUT', `Session ${sessionId} has no message with id ≤ ${uptoId} to compact.`);
      this.sql.archiveUpTo.run({ session_id: sessionId, upto: last.id, now });
      this.sql.deleteUpTo.run({ session_id: sessionId, upto: last.id });
      // The summary takes the id of the last message it replaces, so ids stay in memory order.
      this.sql.insertSummary.run({ id: last.id, session_id: sessionId, content: summary, created_at: now });
      this.sql.touchSession.run({ id: sessionId, now });
    });
  }

  startTurn(turn: { turnId: string; sessionId: string; request: string }): void {
    const now = Date.now();
    this.write(() => {
      this.requireSession(turn.sessionId);
      this.sql.insertTurn.run({ id: turn.turnId, session_id: turn.sessionId, request: turn.request, owner_pid: process.pid, now });
      this.sql.touchSession.run({ id: turn.sessionId, now });
    });
  }

  updateTurn(turnId: string, patch: TurnPatch): void {
    const changes = this.sql.updateTurn.run({
      id: turnId,
      set_agent: 'agent' in patch ? 1 : 0,
      agent: patch.agent ?? null,
      set_status: 'status' in patch ? 1 : 0,
      status: patch.status ?? null,
      set_answer: 'answer' in patch ? 1 : 0,
      answer: patch.answer ?? null,
      set_error: 'error' in patch ? 1 : 0,
      error: patch.error ?? null,
      set_plan: 'plan' in patch ? 1 : 0,
      plan: patch.plan ? JSON.stringify(patch.plan) : null,
      now: Date.now(),
    }).changes;
    if (changes === 0) throw notFound('turn', turnId);
  }

  addReply(turnId: string, reply: { call: number; text: string; reasoning: string }): void {
    this.write(() => {
      this.requireTurn(turnId);
      this.sql.insertReply.run({ turn_id: turnId, ...reply, created_at: Date.now() });
    });
  }

  addBlock(turnId: string, block: BlockResult & { code: string; call: number }): void {
    this.write(() => {
      this.requireTurn(turnId);
      this.sql.insertBlock.run({
        turn_id: turnId,
        block_id: block.blockId,
        call: block.call,
        tool: block.tool,
        code: block.code,
        status: block.status,
        success: block.success ? 1 : 0,
        exit_code: block.exitCode,
        output: block.output,
        saved_to: block.savedTo,
        duration_ms: block.durationMs,
        created_at: Date.now(),
      });
    });
  }

  /**
   * A session's turns in order; with a page, only `last` turns ending `skip` turns before its end
   * (a page's cost does not grow with the session).
   */
  listTurns(sessionId: string, page?: { last: number; skip?: number }): TurnRecord[] {
    const last = page?.last;
    const params = { session_id: sessionId, limit: page?.last ?? -1, skip: page?.skip ?? 0 };
    // One read transaction: the three reads see the same snapshot.
    const { turns, replies, blocks } = inTransaction(this.db, 'DEFERRED', () =>
      last === undefined
        ? {
            turns: this.sql.turnsOfSession.all(sessionId) as TurnRow[],
            replies: groupByTurn(this.sql.repliesOfSession.all(sessionId) as ReplyRow[]),
            blocks: groupByTurn(this.sql.blocksOfSession.all(sessionId) as BlockRow[]),
          }
        : {
            turns: this.sql.recentTurnsOfSession.all(params) as TurnRow[],
            replies: groupByTurn(this.sql.repliesOfRecentTurns.all(params) as ReplyRow[]),
            blocks: groupByTurn(this.sql.blocksOfRecentTurns.all(params) as BlockRow[]),
          },
    );
    return turns.map((t) => toTurnRecord(t, replies.get(t.id) ?? [], blocks.get(t.id) ?? []));
  }

  countTurns(sessionId: string): number {
    return Number((this.sql.countTurnsOfSession.get(sessionId) as { n: number | bigint }).n);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * A turn left 'running' by a process that no longer exists was cut off by a crash. Turns of a live
   * process (another window or the CLI on the same file) are left alone.
   */
  private failInterruptedTurns(): void {
    const owners = this.sql.runningTurnOwners.all() as { owner_pid: number | null }[];
    const dead = owners.map((o) => o.owner_pid).filter((pid) => pid === null || !processAlive(pid));
    if (dead.length === 0) return;
    const now = Date.now();
    this.write(() => {
      for (const pid of dead) this.sql.failRunningTurnsOf.run({ owner_pid: pid, error: INTERRUPTED_TURN_ERROR, now });
    });
  }

  private requireSession(id: string): void {
    if (!this.sql.getSession.get(id)) throw notFound('session', id);
  }

  private requireTurn(id: string): void {
    if (!this.sql.turnExists.get(id)) throw notFound('turn', id);
  }

  /** IMMEDIATE: take the write lock at the start, so a concurrent writer waits instead of failing mid-way. */
  private write<T>(body: () => T): T {
    return inTransaction(this.db, 'IMMEDIATE', body);
  }
}

function notFound(what: string, id: string): AppError {
  return new AppError('NOT_FOUND', `No ${what} with id ${id}.`);
}
