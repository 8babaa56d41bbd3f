// Row shapes as SQLite returns them, and their mapping to the port's types.
import { AGENT_NAMES, type AgentName } from '../../common/agents.js';
import type { Session, TurnRecord } from '../../common/contract.js';
import type { BlockStatus, PlanStepView } from '../../common/events.js';
import type { PageVisit, TurnExtras } from '../../common/turnView.js';
import type { ChatRole } from '../../core/ports.js';
import type { StoredMessage } from '../../core/store.js';

export interface SessionRow {
  id: string;
  title: string;
  created_at: number;
  updated_at: number;
}
export interface MessageRow {
  id: number;
  session_id: string;
  turn_id: string | null;
  role: string;
  content: string;
  kind: string;
  created_at: number;
  untrusted?: string | null;
}
export interface TurnRow {
  id: string;
  request: string;
  agent: string | null;
  status: string;
  answer: string;
  error: string | null;
  plan: string | null;
  /** JSON of TurnExtras; '{}' for turns stored before it existed. */
  extras?: string;
  created_at: number;
}
export interface ReplyRow {
  turn_id: string;
  call: number;
  text: string;
  reasoning: string;
}
export interface BlockRow {
  turn_id: string;
  block_id: string;
  call: number;
  tool: string;
  code: string;
  status: string;
  success: number;
  exit_code: number | null;
  output: string;
  saved_to: string | null;
  duration_ms: number;
  save_path?: string | null;
  terminal?: string | null;
}

export const toSession = (row: SessionRow): Session => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toMessage = (row: MessageRow): StoredMessage => ({
  id: row.id,
  sessionId: row.session_id,
  turnId: row.turn_id,
  role: row.role as ChatRole,
  content: row.content,
  kind: row.kind === 'summary' ? 'summary' : 'message',
  createdAt: row.created_at,
  untrusted: row.untrusted ?? null,
});

const TURN_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;
const isAgent = (value: string | null): value is AgentName => (AGENT_NAMES as readonly (string | null)[]).includes(value);
// Block statuses are written from the typed BlockResult only, so they are read back as written (no
// runtime import of the event schemas here: it keeps the store light for the crash test's writers).
const asBlockStatus = (value: string): BlockStatus => value as BlockStatus;

/** A plan written by an older or damaged build reads as "no plan" rather than failing the whole session. */
function parsePlan(json: string | null): PlanStepView[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as PlanStepView[]) : null;
  } catch {
    return null;
  }
}

/** Live-only details written by this or an older build: what cannot be read is left out, never fatal. */
function parseExtras(json: string | undefined): TurnExtras {
  const extras: TurnExtras = { errorCode: null, pages: [], compacted: null };
  let value: unknown;
  try {
    value = JSON.parse(json ?? '{}');
  } catch {
    return extras;
  }
  if (typeof value !== 'object' || value === null) return extras;
  const v = value as Record<string, unknown>;
  if (typeof v.errorCode === 'string') extras.errorCode = v.errorCode;
  if (Array.isArray(v.pages)) extras.pages = v.pages.filter((p): p is PageVisit => typeof p?.url === 'string' && typeof p?.title === 'string');
  const c = v.compacted as Record<string, unknown> | null | undefined;
  if (c && typeof c.beforeTokens === 'number' && typeof c.afterTokens === 'number') extras.compacted = { beforeTokens: c.beforeTokens, afterTokens: c.afterTokens };
  return extras;
}

export function toTurnRecord(row: TurnRow, replies: readonly ReplyRow[], blocks: readonly BlockRow[]): TurnRecord {
  const status = (TURN_STATUSES as readonly string[]).includes(row.status) ? (row.status as TurnRecord['status']) : 'failed';
  return {
    turnId: row.id,
    request: row.request,
    agent: isAgent(row.agent) ? row.agent : null,
    status,
    replies: replies.map((r) => ({ call: r.call, text: r.text, reasoning: r.reasoning })),
    blocks: blocks.map((b) => ({
      blockId: b.block_id,
      call: b.call,
      tool: b.tool,
      code: b.code,
      status: asBlockStatus(b.status),
      success: b.success === 1,
      exitCode: b.exit_code,
      output: b.output,
      savedTo: b.saved_to,
      durationMs: b.duration_ms,
      savePath: b.save_path ?? null,
      terminal: b.terminal ?? null,
    })),
    answer: row.answer,
    error: row.error,
    plan: parsePlan(row.plan),
    ...parseExtras(row.extras),
    createdAt: row.created_at,
  };
}

/** Groups rows by turn id, keeping their query order. */
export function groupByTurn<T extends { turn_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.turn_id);
    if (list) list.push(row);
    else groups.set(row.turn_id, [row]);
  }
  return groups;
}
