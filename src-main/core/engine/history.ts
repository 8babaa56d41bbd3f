// A session's memory as the model will see it: the stored summary and the messages after it,
// compacted into a new summary (made by the same model) when they pass ~80 % of the context.
import type { ChatMessage, Emit, LlmProvider } from '../ports.js';
import type { SessionStore, StoredMessage } from '../store.js';
import { ANSWER_RESERVE, COMPACT_AT, countMessages, splitForCompaction } from './budget.js';
import type { TurnState } from './turnState.js';

/** Room kept for the system prompt, which the history shares the context with. */
const SYSTEM_RESERVE = 1500;

export interface HistoryDeps {
  store: SessionStore;
  llm: LlmProvider;
  emit: Emit;
  signal: AbortSignal;
  state: TurnState;
  request: string;
  summaryPrompt: () => string;
}

export function toChat(rows: readonly StoredMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const row of rows) {
    const content = row.kind === 'summary' ? `Summary of the earlier conversation:\n${row.content}` : row.content;
    const role = row.kind === 'summary' ? 'user' : row.role;
    const last = out[out.length - 1];
    // Chat templates expect alternating turns: merge consecutive messages of one role.
    if (last && last.role === role) last.content += `\n\n${content}`;
    else out.push({ role, content });
  }
  return out;
}

/** The untrusted source named by a message still in memory, if any: the taint lasts as long as that text. */
function heldTaintOf(rows: readonly StoredMessage[]): string | null {
  for (const row of rows) if (row.untrusted) return row.untrusted;
  return null;
}

export async function loadHistory(deps: HistoryDeps): Promise<ChatMessage[]> {
  const { store, llm, state } = deps;
  const rows = store.loadMemory(state.sessionId);
  const history = toChat(rows);
  const budget = Math.floor(state.contextSize * COMPACT_AT) - SYSTEM_RESERVE - ANSWER_RESERVE - (await llm.countTokens(deps.request));
  const used = await countMessages(llm, history);
  if (used <= budget || rows.length < 3) {
    state.heldTaint = heldTaintOf(rows);
    return history;
  }
  return compact(deps, rows, Math.max(budget, 0), used);
}

async function compact(deps: HistoryDeps, rows: readonly StoredMessage[], budget: number, before: number): Promise<ChatMessage[]> {
  const { store, llm, state, signal } = deps;
  const asChat = rows.map((r) => toChat([r])[0]!);
  const keepFrom = await splitForCompaction(llm, asChat, Math.floor(budget * 0.5));
  if (keepFrom <= 0) {
    state.heldTaint = heldTaintOf(rows);
    return toChat(rows);
  }
  const older = asChat.slice(0, keepFrom);
  const transcript = older.map((m) => `${m.role.toUpperCase()}: ${m.content}`).join('\n\n');
  state.llmCalls += 1;
  const summary = await llm.complete({
    messages: [
      { role: 'system', content: deps.summaryPrompt() },
      { role: 'user', content: clipToTokens(transcript, Math.max(512, state.contextSize - 2 * ANSWER_RESERVE - SYSTEM_RESERVE)) },
    ],
    signal,
    maxTokens: 512,
  });
  const uptoId = rows[keepFrom - 1]!.id;
  store.compact(state.sessionId, uptoId, summary.text.trim() || '(no summary)');
  llm.release?.(state.sessionId);
  const remaining = store.loadMemory(state.sessionId);
  state.heldTaint = heldTaintOf(remaining);
  const compacted = toChat(remaining);
  const after = await countMessages(llm, compacted);
  deps.emit({ type: 'context.compacted', sessionId: state.sessionId, turnId: state.turnId, beforeTokens: before, afterTokens: after });
  return compacted;
}

/** Keeps the end of a transcript that is too long to summarise in one call (four characters a token). */
function clipToTokens(text: string, tokens: number): string {
  const chars = tokens * 4;
  return text.length <= chars ? text : `[… earlier part omitted …]\n${text.slice(-chars)}`;
}
