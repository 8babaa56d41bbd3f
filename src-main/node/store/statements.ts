// Every statement the store runs, prepared once per connection.
import type { Db, Statement } from './database.js';

const SQL = {
  insertSession: `INSERT INTO sessions (id, title, created_at, updated_at) VALUES (@id, @title, @created_at, @updated_at)`,
  listSessions: `SELECT id, title, created_at, updated_at FROM sessions ORDER BY updated_at DESC, rowid DESC`,
  getSession: `SELECT id, title, created_at, updated_at FROM sessions WHERE id = ?`,
  renameSession: `UPDATE sessions SET title = @title, updated_at = @now WHERE id = @id`,
  touchSession: `UPDATE sessions SET updated_at = max(updated_at, @now) WHERE id = @id`,
  deleteSession: `DELETE FROM sessions WHERE id = ?`,

  insertMessage: `INSERT INTO messages (session_id, turn_id, role, content, kind, created_at, untrusted)
    VALUES (@session_id, @turn_id, @role, @content, @kind, @created_at, @untrusted)`,
  latestSummary: `SELECT * FROM messages WHERE session_id = ? AND kind = 'summary' ORDER BY id DESC LIMIT 1`,
  messagesAfter: `SELECT * FROM messages WHERE session_id = @session_id AND id > @after ORDER BY id`,
  lastMessageUpTo: `SELECT id FROM messages WHERE session_id = @session_id AND id <= @upto ORDER BY id DESC LIMIT 1`,
  archiveUpTo: `INSERT INTO compacted_messages (message_id, session_id, turn_id, role, content, kind, created_at, compacted_at, untrusted)
    SELECT id, session_id, turn_id, role, content, kind, created_at, @now, untrusted FROM messages
    WHERE session_id = @session_id AND id <= @upto`,
  deleteUpTo: `DELETE FROM messages WHERE session_id = @session_id AND id <= @upto`,
  insertSummary: `INSERT INTO messages (id, session_id, turn_id, role, content, kind, created_at)
    VALUES (@id, @session_id, NULL, 'system', @content, 'summary', @created_at)`,

  insertTurn: `INSERT INTO turns (id, session_id, request, status, owner_pid, created_at, updated_at)
    VALUES (@id, @session_id, @request, 'running', @owner_pid, @now, @now)`,
  turnExists: `SELECT 1 FROM turns WHERE id = ?`,
  updateTurn: `UPDATE turns SET
      agent = CASE WHEN @set_agent THEN @agent ELSE agent END,
      status = CASE WHEN @set_status THEN @status ELSE status END,
      answer = CASE WHEN @set_answer THEN @answer ELSE answer END,
      error = CASE WHEN @set_error THEN @error ELSE error END,
      plan = CASE WHEN @set_plan THEN @plan ELSE plan END,
      updated_at = @now
    WHERE id = @id`,
  runningTurnOwners: `SELECT DISTINCT owner_pid FROM turns WHERE status = 'running'`,
  failRunningTurnsOf: `UPDATE turns SET status = 'failed', error = @error, updated_at = @now
    WHERE status = 'running' AND owner_pid IS @owner_pid`,
  insertReply: `INSERT INTO replies (turn_id, call, text, reasoning, created_at) VALUES (@turn_id, @call, @text, @reasoning, @created_at)`,
  insertBlock: `INSERT INTO blocks (turn_id, block_id, call, tool, code, status, success, exit_code, output, saved_to, duration_ms, created_at)
    VALUES (@turn_id, @block_id, @call, @tool, @code, @status, @success, @exit_code, @output, @saved_to, @duration_ms, @created_at)`,

  // json_patch merges the given keys into the stored object (RFC 7396), leaving the others.
  mergeTurnExtras: `UPDATE turns SET extras = json_patch(extras, @extras) WHERE id = @id`,
  setBlockView: `UPDATE blocks SET save_path = @save_path, terminal = @terminal WHERE turn_id = @turn_id AND block_id = @block_id`,

  turnsOfSession: `SELECT id, request, agent, status, answer, error, plan, extras, created_at FROM turns WHERE session_id = ? ORDER BY seq`,
  repliesOfSession: `SELECT r.turn_id, r.call, r.text, r.reasoning FROM replies r JOIN turns t ON t.id = r.turn_id
    WHERE t.session_id = ? ORDER BY r.call, r.id`,
  blocksOfSession: `SELECT b.* FROM blocks b JOIN turns t ON t.id = b.turn_id WHERE t.session_id = ? ORDER BY b.id`,
  // @limit turns of a session before its last @skip, and what they produced: a page of a long session.
  recentTurnsOfSession: `SELECT id, request, agent, status, answer, error, plan, extras, created_at FROM
    (SELECT * FROM turns WHERE session_id = @session_id ORDER BY seq DESC LIMIT @limit OFFSET @skip) ORDER BY seq`,
  repliesOfRecentTurns: `SELECT r.turn_id, r.call, r.text, r.reasoning FROM replies r
    WHERE r.turn_id IN (SELECT id FROM turns WHERE session_id = @session_id ORDER BY seq DESC LIMIT @limit OFFSET @skip) ORDER BY r.call, r.id`,
  blocksOfRecentTurns: `SELECT b.* FROM blocks b
    WHERE b.turn_id IN (SELECT id FROM turns WHERE session_id = @session_id ORDER BY seq DESC LIMIT @limit OFFSET @skip) ORDER BY b.id`,
  countTurnsOfSession: `SELECT COUNT(*) AS n FROM turns WHERE session_id = ?`,
  // Sessions whose title has @like, or whose requests and answers match the FTS5 query @match.
  searchSessions: `SELECT id, title, created_at, updated_at FROM sessions
    WHERE title LIKE @like ESCAPE '\\' OR id IN (SELECT session_id FROM turn_search WHERE turn_search MATCH @match)
    ORDER BY updated_at DESC, rowid DESC LIMIT 100`,
} as const;

export type Statements = { [K in keyof typeof SQL]: Statement };

export function prepareStatements(db: Db): Statements {
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as Statements;
}
