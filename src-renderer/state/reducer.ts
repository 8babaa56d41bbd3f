import type { TurnRecord } from '../../src-main/common/contract.js';
import type { AppEvent, EventOf } from '../../src-main/common/events.js';
import { appendTerminal, isWebPage, withPage } from '../../src-main/common/turnView.js';
import { toTerminalText, turnFromRecord } from './turnRecord.js';
import type { BlockView, CallView, DomainState, TurnView } from './types.js';
import { reduceAppEvent } from './appEvents.js';

export function reduceEvents(state: DomainState, events: readonly AppEvent[]): DomainState {
  let next = state;
  for (const event of events) next = reduceEvent(next, event);
  return next;
}

/** Folds one event into the state; pure: returns a new state, never mutates the old one. */
export function reduceEvent(state: DomainState, event: AppEvent): DomainState {
  return reduceReplyEvent(state, event) ?? reduceTurnEvent(state, event) ?? reduceAppEvent(state, event) ?? state;
}

/** A model call's streamed reply and the blocks it runs; undefined for other events. */
function reduceReplyEvent(state: DomainState, event: AppEvent): DomainState | undefined {
  switch (event.type) {
    case 'llm.started':
      return updateCall(state, event, event.call, (c) => ({ ...c, agent: event.agent }));
    case 'answer.delta':
      return updateCall(state, event, event.call, (c) => (c.completed ? c : { ...c, text: c.text + event.text }));
    case 'reasoning.delta':
      return updateCall(state, event, event.call, (c) => (c.completed ? c : { ...c, reasoning: c.reasoning + event.text }));
    case 'reply.completed':
      return updateCall(state, event, event.call, () => ({
        call: event.call,
        agent: event.agent,
        text: event.text,
        reasoning: event.reasoning,
        completed: true,
      }));
    case 'block.started':
      return updateTurn(state, event, (t) => withBlock(t, newBlock(event)));
    case 'terminal.output':
      return updateBlock(state, event, event.blockId, (b) => ({ ...b, output: appendTerminal(b.output, event.data) }));
    case 'block.finished':
      return updateBlock(state, event, event.blockId, (b) => ({
        ...b,
        tool: event.tool,
        status: event.status,
        exitCode: event.exitCode,
        durationMs: event.durationMs,
        savedTo: event.savedTo,
        output: b.output === '' ? toTerminalText(event.output) : b.output,
      }));
    default:
      return undefined;
  }
}

/** A turn's course (its start, agent, plan, pages, memories, end); undefined for other events. */
function reduceTurnEvent(state: DomainState, event: AppEvent): DomainState | undefined {
  switch (event.type) {
    case 'turn.started':
      return updateTurn(state, event, (t) => ({ ...t, request: event.request, status: 'running' }));
    case 'agent.selected':
      // Sub-agents the planner starts keep the turn labelled "planner"; their calls carry their own name.
      return updateTurn(state, event, (t) => (event.reason === 'planner' && t.agent ? t : { ...t, agent: event.agent }));
    case 'plan.updated':
      return updateTurn(state, event, (t) => ({ ...t, plan: event.steps }));
    case 'browser.navigated': {
      const next = { ...state, browser: { ...state.browser, url: event.url, title: event.title, sessionId: event.sessionId } };
      if (!event.turnId || !isWebPage(event.url)) return next;
      return updateTurn(next, event, (t) => (t.pages.at(-1)?.url === event.url ? t : { ...t, pages: withPage(t.pages, { url: event.url, title: event.title }) }));
    }
    case 'turn.done':
      return endTurn(state, event, (t) => ({ ...t, status: 'done', agent: t.agent ?? event.agent, answer: event.answer }));
    case 'turn.failed':
      return endTurn(state, event, (t) => ({ ...t, status: 'failed', error: event.error, calls: finalCalls(t.calls) }));
    case 'turn.cancelled':
      return endTurn(state, event, (t) => ({ ...t, status: 'cancelled', blocks: cancelRunningBlocks(t.blocks), calls: finalCalls(t.calls) }));
    case 'context.compacted':
      return updateTurn(state, event, (t) => ({ ...t, compacted: { beforeTokens: event.beforeTokens, afterTokens: event.afterTokens } }));
    case 'work.progress':
      return updateTurn(state, event, (t) => ({ ...t, progress: { stage: event.stage, part: event.part, parts: event.parts } }));
    case 'memory.changed': {
      const next = { ...state, memoryVersion: state.memoryVersion + 1 };
      if (event.turnId === null || event.status === 'removed') return next;
      const item = { id: event.id, text: event.text, status: event.status };
      return updateTurn(next, event, (t) => ({ ...t, memories: [...t.memories.filter((m) => m.id !== item.id), item] }));
    }
    case 'schedule.proposed': {
      const { request, when, describe, agent } = event;
      return updateTurn(state, event, (t) => ({ ...t, scheduleProposal: { request, when, describe, agent } }));
    }
    default:
      return undefined;
  }
}

/** A turn the user just sent, before (or after) its `turn.started` event arrives. */
export function turnSubmitted(state: DomainState, sessionId: string, turnId: string, request: string): DomainState {
  if (state.turns[turnId]) return state;
  return updateTurn(state, { sessionId, turnId }, (t) => ({ ...t, request }));
}

/**
 * Replaces a session's history with the stored records. A turn only ever goes from running to an
 * end, so whichever copy is further along wins: a stored record still running never replaces the
 * live turn (streaming here, or ended by an event that came after the record was read), and an
 * ended record replaces a live turn still running (its end was missed while the page was offline).
 */
export function sessionLoaded(state: DomainState, sessionId: string, records: readonly TurnRecord[], earlier = 0): DomainState {
  const turns = { ...state.turns };
  const ids = records.map((r) => r.turnId);
  for (const record of records) {
    const live = turns[record.turnId];
    if (live && record.status === 'running') continue;
    // The record holds everything the live view shows (pages, compaction, terminal text); only the
    // progress of work still going, the memories it proposed (kept in the Memory panel) and a schedule proposal are live-only.
    const stored = turnFromRecord(record, sessionId);
    turns[record.turnId] = live ? { ...stored, progress: live.progress, memories: live.memories, scheduleProposal: live.scheduleProposal } : stored;
  }
  const liveOnly = (state.sessionTurns[sessionId] ?? []).filter((id) => !ids.includes(id) && turns[id]?.status === 'running');
  return {
    ...state,
    turns,
    sessionTurns: { ...state.sessionTurns, [sessionId]: [...ids, ...liveOnly] },
    earlierTurns: { ...state.earlierTurns, [sessionId]: earlier },
  };
}

/** Puts an earlier page of stored turns in front of those loaded (ids already shown are kept as they are). */
export function earlierTurnsLoaded(state: DomainState, sessionId: string, records: readonly TurnRecord[], earlier: number): DomainState {
  const shown = state.sessionTurns[sessionId] ?? [];
  const fresh = records.filter((r) => !shown.includes(r.turnId));
  const turns = { ...state.turns };
  for (const record of fresh) turns[record.turnId] = turnFromRecord(record, sessionId);
  return {
    ...state,
    turns,
    sessionTurns: { ...state.sessionTurns, [sessionId]: [...fresh.map((r) => r.turnId), ...shown] },
    earlierTurns: { ...state.earlierTurns, [sessionId]: earlier },
  };
}

export function sessionRemoved(state: DomainState, sessionId: string): DomainState {
  const ids = state.sessionTurns[sessionId] ?? [];
  const turns = { ...state.turns };
  for (const id of ids) delete turns[id];
  const sessionTurns = { ...state.sessionTurns };
  delete sessionTurns[sessionId];
  const earlierTurns = { ...state.earlierTurns };
  delete earlierTurns[sessionId];
  return { ...state, turns, sessionTurns, earlierTurns };
}

type TurnRef = Pick<AppEvent, 'sessionId' | 'turnId'>;

function newTurn(turnId: string, sessionId: string | null): TurnView {
  return {
    turnId,
    sessionId,
    request: '',
    agent: null,
    status: 'running',
    calls: [],
    blocks: {},
    answer: '',
    error: null,
    plan: null,
    compacted: null,
    progress: null,
    memories: [],
    scheduleProposal: null,
    pages: [],
    createdAt: Date.now(),
  };
}

/** Applies `fn` to the event's turn, creating the turn first if this page has not seen it start. */
function updateTurn(state: DomainState, ref: TurnRef, fn: (turn: TurnView) => TurnView): DomainState {
  const { turnId, sessionId } = ref;
  if (!turnId) return state;
  const existing = state.turns[turnId];
  const turn = fn(existing ?? newTurn(turnId, sessionId));
  let sessionTurns = state.sessionTurns;
  if (!existing && sessionId) {
    sessionTurns = { ...sessionTurns, [sessionId]: [...(sessionTurns[sessionId] ?? []), turnId] };
  }
  return { ...state, turns: { ...state.turns, [turnId]: turn }, sessionTurns };
}

function updateCall(state: DomainState, ref: TurnRef, call: number, fn: (c: CallView) => CallView): DomainState {
  return updateTurn(state, ref, (t) => {
    const index = t.calls.findIndex((c) => c.call === call);
    const current = t.calls[index] ?? { call, agent: null, text: '', reasoning: '', completed: false };
    const calls = index === -1 ? [...t.calls, fn(current)].sort((a, b) => a.call - b.call) : t.calls.with(index, fn(current));
    return { ...t, calls };
  });
}

function updateBlock(state: DomainState, ref: TurnRef, blockId: string, fn: (b: BlockView) => BlockView): DomainState {
  return updateTurn(state, ref, (t) => {
    const block = t.blocks[blockId] ?? { ...newBlock({ blockId, call: lastCall(t), tool: '', code: '', savePath: null }) };
    return withBlock(t, fn(block));
  });
}

function endTurn(state: DomainState, event: TurnRef, fn: (t: TurnView) => TurnView): DomainState {
  const next = updateTurn(state, event, fn);
  return {
    ...next,
    approvals: next.approvals.filter((a) => a.turnId !== event.turnId),
    workspaceVersion: next.workspaceVersion + 1,
  };
}

function newBlock(e: Pick<EventOf<'block.started'>, 'blockId' | 'call' | 'tool' | 'code' | 'savePath'>): BlockView {
  return {
    blockId: e.blockId,
    call: e.call,
    tool: e.tool,
    code: e.code,
    savePath: e.savePath,
    status: 'running',
    exitCode: null,
    durationMs: null,
    output: '',
    savedTo: null,
  };
}

const withBlock = (t: TurnView, block: BlockView): TurnView => ({ ...t, blocks: { ...t.blocks, [block.blockId]: block } });
const lastCall = (t: TurnView): number => t.calls.at(-1)?.call ?? 0;

/** A reply cut off by the turn's end is final as it stands (the store keeps it so). */
const finalCalls = (calls: readonly CallView[]): CallView[] => calls.map((c) => (c.completed ? c : { ...c, completed: true }));

function cancelRunningBlocks(blocks: Record<string, BlockView>): Record<string, BlockView> {
  const out: Record<string, BlockView> = {};
  for (const [id, b] of Object.entries(blocks)) out[id] = b.status === 'running' ? { ...b, status: 'cancelled' } : b;
  return out;
}
