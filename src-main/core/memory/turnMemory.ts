// Memory in a turn: a "remember …" request is stored, the active memories go into the system
// prompt (within their token budget, and to a cloud provider only when the user allowed it), and
// the agent's `[remember: …]` proposals wait for the user's click. A turn that read untrusted
// text (a web page, an MCP result, a file marked untrusted) proposes nothing: such text may be
// someone else's instructions.
import type { Emit, Logger, LlmProvider } from '../ports.js';
import { memoryBlock, proposedFacts, rememberFromRequest, type MemorySettings, type MemoryStore } from './memory.js';

export interface MemoryEnv {
  store: MemoryStore;
  settings: () => MemorySettings;
  /** The memory prompt's header and the lines teaching agents to propose (prompts/memory*.md). */
  header: () => string;
  proposeHint: () => string;
}

interface TurnIds {
  sessionId: string;
  turnId: string;
}

/** What the turn's system prompts get appended ('' for nothing). */
export async function beginTurnMemory(env: MemoryEnv, turn: TurnIds & { request: string; emit: Emit; llm: Pick<LlmProvider, 'countTokens'>; local: boolean }): Promise<string> {
  const settings = env.settings();
  if (!settings.enabled || env.store.sessionMemoryOff(turn.sessionId)) return '';
  rememberFromRequest(env.store, turn.request, turn.emit, { sessionId: turn.sessionId, turnId: turn.turnId });
  // A cloud provider gets neither the memories nor the invitation to propose them, unless allowed.
  if (!turn.local && !settings.allowCloud) return '';
  const block = await memoryBlock(env.store.listMemories(), env.header(), settings.maxTokens, (t) => turn.llm.countTokens(t));
  return [block, env.proposeHint().trim()].filter(Boolean).join('\n\n');
}

/** Keeps the agent's proposals as 'proposed' (shown to the user, never to a model) unless untrusted text entered the turn. */
export function endTurnMemory(env: MemoryEnv, turn: TurnIds & { answer: string; taintedBy: string | null; emit: Emit; logger: Logger }): number {
  if (!env.settings().enabled || env.store.sessionMemoryOff(turn.sessionId)) return 0;
  const facts = proposedFacts(turn.answer);
  if (facts.length === 0) return 0;
  if (turn.taintedBy !== null) {
    turn.logger.warn('memory proposals ignored: untrusted text entered the turn', { turnId: turn.turnId, proposals: facts.length });
    return 0;
  }
  const known = new Set(env.store.listMemories().map((m) => m.text.toLowerCase()));
  let added = 0;
  for (const fact of facts) {
    if (known.has(fact.toLowerCase())) continue;
    const item = env.store.addMemory(fact, { source: 'agent', status: 'proposed' });
    turn.emit({ type: 'memory.changed', sessionId: turn.sessionId, turnId: turn.turnId, id: item.id, status: 'proposed', text: item.text });
    added += 1;
  }
  return added;
}
