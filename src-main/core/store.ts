// The persistence port. Synchronous on purpose: the SQLite adapter (libsql) is, and every
// write is acknowledged only once it is durable.
import type { AgentName } from '../common/agents.js';
import type { TurnExtras } from '../common/turnView.js';
import type { Session, TurnRecord } from '../common/contract.js';
import type { BlockResult, PlanStepView } from '../common/events.js';
import type { ChatRole } from './ports.js';

export interface StoredMessage {
  id: number;
  sessionId: string;
  turnId: string | null;
  role: ChatRole;
  content: string;
  /** 'summary' rows stand in for every message before them. */
  kind: 'message' | 'summary';
  createdAt: number;
  /**
   * Names the untrusted source (a web page, an MCP result) the message's turn read, if any. While
   * such a message is in memory every consequential action asks; a summary replacing it is not marked.
   */
  untrusted?: string | null;
}

export interface SessionStore {
  createSession(title?: string): Session;
  listSessions(): Session[];
  /** By title and content; stores without an index may leave it out (titles are then searched). */
  searchSessions?(query: string): Session[];
  getSession(id: string): Session | null;
  renameSession(id: string, title: string): Session;
  deleteSession(id: string): boolean;

  appendMessage(message: Omit<StoredMessage, 'id' | 'createdAt'>): StoredMessage;
  /** The memory the model sees: the latest summary (if any) and every message after it. */
  loadMemory(sessionId: string): StoredMessage[];
  /** Replaces every message with id ≤ uptoId by one summary message. */
  compact(sessionId: string, uptoId: number, summary: string): void;

  startTurn(turn: { turnId: string; sessionId: string; request: string }): void;
  updateTurn(turnId: string, patch: Partial<{ agent: AgentName; status: TurnRecord['status']; answer: string; error: string | null; plan: PlanStepView[] }>): void;
  addReply(turnId: string, reply: { call: number; text: string; reasoning: string }): void;
  addBlock(turnId: string, block: BlockResult & { code: string; call: number }): void;
  /** What the live view showed of a finished block: its terminal text (colours kept) and save path. */
  recordBlockView(turnId: string, blockId: string, view: { savePath: string | null; terminal: string }): void;
  /** Merges live-only details (pages, compaction, error code) into the turn's record. */
  recordTurnExtras(turnId: string, extras: Partial<TurnExtras>): void;
  /** All turns in order, or a page: `last` turns ending `skip` turns before the session's end. */
  listTurns(sessionId: string, page?: { last: number; skip?: number }): TurnRecord[];
  countTurns(sessionId: string): number;
  close(): void;
}
