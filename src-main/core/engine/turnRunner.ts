// One turn, as named steps: route → prepare (context size, memory, large request) → load history →
// checkpoint and run the agent → record (messages, memory, answer); a failure or a stop ends it with
// its own record. The engine (engine.ts) queues turns and cancels them; this runs one.
import { changesWorkspace, type AgentChoice, type AgentName } from '../../common/agents.js';
import { isAbortError, toErrorData } from '../../common/errors.js';
import type { RoutingDecision } from '../../common/events.js';
import type { Agent, AgentOutcome } from '../agent.js';
import { startTurnCheckpoint, type TurnCheckpoint } from '../checkpoints/turnGate.js';
import { runWithLargeInputs, sizeRequest, type LargeInputEnv, type SizedRequest } from '../largeInput/request.js';
import { beginTurnMemory, endTurnMemory, type MemoryEnv } from '../memory/turnMemory.js';
import type { AskUser, BlockJudge, ChatMessage, Checkpoints, Emit, LlmProvider, Logger, RequestRouter } from '../ports.js';
import { SAFE_FALLBACK_AGENT } from '../routing/policy.js';
import { proposalAnswer, type ScheduleProposal } from '../schedule/fromChat.js';
import type { SessionStore } from '../store.js';
import { loadHistory } from './history.js';
import { createAgentContext } from './turnContext.js';
import { recordTurn } from './turnRecorder.js';
import type { TurnServices, TurnState } from './turnState.js';

export interface EngineDeps {
  store: SessionStore;
  provider: () => LlmProvider;
  router: RequestRouter;
  agent: (name: AgentName) => Agent;
  emit: Emit;
  askUser: AskUser;
  judge: BlockJudge;
  workspace: () => string;
  blockTimeoutMs: () => number;
  /** Blocks one reply may run (Settings: maxBlocksPerReply). */
  maxBlocksPerReply?: () => number;
  /** Fills the summary prompt for compaction. */
  summaryPrompt: () => string;
  logger: Logger;
  /** Records what each turn changes in the workspace (undo, diff); turns of agents without tools skip it. */
  checkpoints?: Checkpoints;
  /** Requests and tool outputs larger than the context become workspace files, digested in parts when needed (issue 29). */
  largeInputs?: LargeInputEnv;
  /** Facts kept across sessions, added to every agent's system prompt (issue 29). */
  memory?: MemoryEnv;
  /** Reads a request that asks for a schedule (issue 31); such a turn proposes it instead of running the request now. */
  proposeSchedule?: (request: string) => ScheduleProposal | null;
}

export interface TurnOutcome {
  turnId: string;
  status: 'done' | 'failed' | 'cancelled';
  agent: AgentName | null;
  answer: string;
  llmCalls: number;
  error: { code: string; message: string } | null;
}

/** One turn, start to end. Each step is a method; run() reads as the turn's story. */
export class TurnRunner {
  private readonly recorder: ReturnType<typeof recordTurn>;
  private readonly emit: Emit;
  private readonly ids: { sessionId: string; turnId: string };
  private readonly llm: LlmProvider;
  private readonly state: TurnState;
  private agentName: AgentName | null = null;

  constructor(
    private readonly deps: EngineDeps,
    /** The judge as the turn's tools call it (the checkpoint gate wraps it). */
    private readonly judge: TurnServices['judge'],
    private readonly turn: { sessionId: string; turnId: string; request: string; choice: AgentChoice; signal: AbortSignal; mayPropose: boolean },
  ) {
    const { sessionId, turnId, signal } = turn;
    this.recorder = recordTurn(turnId, deps.store, deps.emit, deps.logger);
    this.emit = this.recorder.emit;
    this.ids = { sessionId, turnId };
    this.llm = deps.provider();
    this.state = { sessionId, turnId, workspace: deps.workspace(), language: 'auto', signal, llmCalls: 0, blockCount: 0, taintedBy: null, heldTaint: null, contextSize: 0 };
  }

  async run(): Promise<TurnOutcome> {
    const { request, signal } = this.turn;
    this.emit({ type: 'turn.started', ...this.ids, request });
    const proposal = this.turn.mayPropose ? this.deps.proposeSchedule?.(request) : null;
    if (proposal) return this.propose(proposal);
    try {
      signal.throwIfAborted();
      const agentName = await this.route();
      const { systemExtra, sized } = await this.prepare();
      const history = await this.loadHistory(sized.request);
      const outcome = await this.runAgent(agentName, { systemExtra, sized, history });
      return this.record(sized.request, outcome);
    } catch (error) {
      this.recorder.keepPartialReplies();
      return this.fail(error);
    }
  }

  /** Route: the user's pick or the router's, the language of the request; the turn records its agent. */
  private async route(): Promise<AgentName> {
    const routed = await this.select(this.turn.request, this.turn.choice);
    this.agentName = routed.agent;
    this.state.language = routed.language;
    this.deps.store.updateTurn(this.ids.turnId, { agent: routed.agent });
    this.emit({ type: 'agent.selected', ...this.ids, agent: routed.agent, reason: routed.reason, routing: routed.routing });
    return routed.agent;
  }

  /** The context size, the memory block for system prompts, and the request as the agent sees it (a handle when too large). */
  private async prepare(): Promise<{ systemExtra: string; sized: SizedRequest }> {
    const { memory, largeInputs } = this.deps;
    const { llm, state, ids, emit } = this;
    const request = this.turn.request;
    const info = await llm.info(state.signal);
    state.contextSize = info.contextSize;
    const systemExtra = memory ? await beginTurnMemory(memory, { ...ids, request, emit, llm, local: info.local }) : '';
    // A request too large for the context is kept as a file; the agent and the memory get its handle.
    const sized = largeInputs
      ? await sizeRequest(largeInputs, { llm, emit, ...ids, workspace: state.workspace, contextSize: info.contextSize }, request)
      : { request, stored: null };
    return { systemExtra, sized };
  }

  /** The session's earlier messages within the context (compacted when needed), then this request stored. */
  private async loadHistory(request: string): Promise<ChatMessage[]> {
    const { store, summaryPrompt } = this.deps;
    const history = await loadHistory({ store, llm: this.llm, emit: this.emit, signal: this.state.signal, state: this.state, request, summaryPrompt });
    store.appendMessage({ ...this.ids, role: 'user', content: request, kind: 'message' });
    return history;
  }

  /** Checkpoint, then the agent with its context; the checkpoint ends whatever the agent did. */
  private async runAgent(agentName: AgentName, prepared: { systemExtra: string; sized: SizedRequest; history: ChatMessage[] }): Promise<AgentOutcome> {
    const { deps, state } = this;
    const large = deps.largeInputs;
    const checkpoint = this.startCheckpoint(agentName);
    const ctx = createAgentContext(this.services(checkpoint?.judge ?? this.judge, prepared.systemExtra), state, {
      request: prepared.sized.request,
      history: prepared.history,
      cacheKey: this.ids.sessionId,
      agentName,
    });
    const agent = deps.agent(agentName);
    try {
      return await (large ? runWithLargeInputs(agent, ctx, large, state.contextSize, prepared.sized.stored) : agent.run(ctx));
    } finally {
      await checkpoint?.end();
    }
  }

  private services(judge: TurnServices['judge'], systemExtra: string): TurnServices {
    const { deps } = this;
    return {
      ...{ store: deps.store, llm: this.llm, emit: this.emit, logger: deps.logger, askUser: deps.askUser, judge, agent: deps.agent },
      ...{ blockTimeoutMs: deps.blockTimeoutMs(), maxBlocksPerReply: deps.maxBlocksPerReply?.(), largeInputs: deps.largeInputs, systemExtra },
    };
  }

  /** Scans the workspace before and after the agent runs (holding it meanwhile), for agents that can change it. */
  private startCheckpoint(agent: AgentName): TurnCheckpoint | null {
    const checkpoints = this.deps.checkpoints;
    if (!checkpoints || !changesWorkspace(agent)) return null;
    return startTurnCheckpoint(checkpoints, { ...this.ids, workspace: this.state.workspace, signal: this.state.signal }, this.judge, this.deps.logger);
  }

  /** Record: the turn's messages (carrying their taint), the memory's proposals, the answer. */
  private record(request: string, outcome: AgentOutcome): TurnOutcome {
    const { store, memory, logger } = this.deps;
    const { ids, state, emit } = this;
    this.remember(request, outcome, state.taintedBy);
    if (memory) endTurnMemory(memory, { ...ids, answer: outcome.answer, taintedBy: state.taintedBy ?? state.heldTaint, emit, logger });
    store.updateTurn(ids.turnId, { status: 'done', answer: outcome.answer, agent: outcome.agent });
    emit({ type: 'turn.done', ...ids, agent: outcome.agent, answer: outcome.answer, reasoning: outcome.reasoning, llmCalls: state.llmCalls });
    return { turnId: ids.turnId, status: 'done', agent: outcome.agent, answer: outcome.answer, llmCalls: state.llmCalls, error: null };
  }

  /** Stores the turn's messages; when untrusted text entered the turn they carry its source, so later turns stay tainted. */
  private remember(request: string, outcome: AgentOutcome, untrusted: string | null): void {
    const messages = outcome.memory[0]?.role === 'user' && outcome.memory[0].content === request ? outcome.memory.slice(1) : outcome.memory;
    for (const m of messages) this.deps.store.appendMessage({ ...this.ids, role: m.role, content: m.content, kind: 'message', untrusted });
  }

  /**
   * "Every day at 8 summarise notes.md" asks for runs at those times, not one now: the turn ends
   * with the proposal (saved only on the user's click) and runs no agent, so nothing is done twice.
   */
  private propose(proposal: ScheduleProposal): TurnOutcome {
    const { ids, emit } = this;
    const { store } = this.deps;
    const answer = proposalAnswer(proposal);
    emit({ type: 'schedule.proposed', ...ids, ...proposal, agent: this.turn.choice });
    store.appendMessage({ ...ids, role: 'user', content: this.turn.request, kind: 'message' });
    store.appendMessage({ ...ids, role: 'assistant', content: answer, kind: 'message' });
    store.updateTurn(ids.turnId, { status: 'done', answer, agent: 'casual' });
    emit({ type: 'turn.done', ...ids, agent: 'casual', answer, reasoning: '', llmCalls: 0 });
    return { turnId: ids.turnId, status: 'done', agent: 'casual', answer, llmCalls: 0, error: null };
  }

  /** A stop by the user ends the turn as cancelled; anything else as failed, with its code. */
  private fail(error: unknown): TurnOutcome {
    const { store, emit, logger } = this.deps;
    const { ids, agentName: agent } = this;
    const llmCalls = this.state.llmCalls;
    if (this.turn.signal.aborted || isAbortError(error)) {
      store.appendMessage({ ...ids, role: 'assistant', content: '[This turn was stopped by the user before it finished.]', kind: 'message' });
      store.updateTurn(ids.turnId, { status: 'cancelled', error: 'Stopped by the user.' });
      emit({ type: 'turn.cancelled', ...ids });
      return { turnId: ids.turnId, status: 'cancelled', agent, answer: '', llmCalls, error: { code: 'CANCELLED', message: 'Stopped by the user.' } };
    }
    const data = toErrorData(error);
    logger.warn('turn failed', { code: data.code, message: data.message });
    store.updateTurn(ids.turnId, { status: 'failed', error: data.message });
    store.recordTurnExtras(ids.turnId, { errorCode: data.code });
    emit({ type: 'turn.failed', ...ids, error: data });
    return { turnId: ids.turnId, status: 'failed', agent, answer: '', llmCalls, error: data };
  }

  private async select(
    request: string,
    choice: AgentChoice,
  ): Promise<{ agent: AgentName; reason: 'user' | 'router' | 'fallback'; routing: RoutingDecision | null; language: string }> {
    try {
      const routing = await this.deps.router.route(request, choice === 'auto' ? undefined : choice);
      if (choice !== 'auto') return { agent: choice, reason: 'user', routing: null, language: routing.language };
      return { agent: routing.agent, reason: 'router', routing, language: routing.language };
    } catch (error) {
      if (choice !== 'auto') return { agent: choice, reason: 'user', routing: null, language: 'auto' };
      this.deps.logger.warn(`router unavailable, falling back to ${SAFE_FALLBACK_AGENT}`, { error: toErrorData(error).message });
      return { agent: SAFE_FALLBACK_AGENT, reason: 'fallback', routing: null, language: 'auto' };
    }
  }
}
