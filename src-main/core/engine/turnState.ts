// What one turn runs on: the services it calls (store, model, judge, approvals) and the state its
// steps share (counters, the taint that makes blocks ask, the context size).
import type { AgentName } from '../../common/agents.js';
import type { Agent } from '../agent.js';
import type { LargeInputEnv } from '../largeInput/request.js';
import type { AskUser, BlockJudge, Emit, LlmProvider, Logger } from '../ports.js';
import type { SessionStore } from '../store.js';

export interface TurnServices {
  store: SessionStore;
  llm: LlmProvider;
  emit: Emit;
  logger: Logger;
  askUser: AskUser;
  judge: BlockJudge['judge'];
  agent: (name: AgentName) => Agent;
  blockTimeoutMs: number;
  /** Blocks one reply may run; the rest are refused with feedback (default 20). */
  maxBlocksPerReply?: number;
  /** Keeps texts too large for the context as workspace files (issue 29); without it calls are only trimmed. */
  largeInputs?: LargeInputEnv;
  /** Appended to the system prompt of every streamed call (the memory block), when the call still fits with it. */
  systemExtra?: string;
}

export interface TurnState {
  sessionId: string;
  turnId: string;
  workspace: string;
  language: string;
  signal: AbortSignal;
  llmCalls: number;
  blockCount: number;
  /** The untrusted source whose text entered this turn (web pages, MCP results), if any. */
  taintedBy: string | null;
  /** The untrusted source of text from an earlier turn still in the session's memory (set by loadHistory). */
  heldTaint: string | null;
  contextSize: number;
}

/** Why blocks ask while the session is tainted; null when it is not. Shown in the approval dialog. */
export function taintReason(state: Pick<TurnState, 'taintedBy' | 'heldTaint'>): string | null {
  if (state.taintedBy !== null) return `untrusted text (${state.taintedBy}) entered this turn: it may carry instructions that are not yours`;
  if (state.heldTaint !== null) {
    return `the conversation still holds untrusted text (${state.heldTaint}) from an earlier turn: blocks ask until it leaves the model's context`;
  }
  return null;
}
