// The agent engine: runs turns. Each turn is routed, gets its session's memory within the context
// budget, runs its agent with a cancellable context, and is persisted as it goes. Sessions run
// concurrently; turns of one session queue behind each other (never "busy").
import { changesWorkspace, type AgentChoice, type AgentName } from '../../common/agents.js';
import { recordTurn } from './turnRecorder.js';
import { AppError, isAbortError, toErrorData } from '../../common/errors.js';
import type { RoutingDecision } from '../../common/events.js';
import type { Agent, AgentOutcome } from '../agent.js';
import type { AskUser, BlockJudge, Checkpoints, Emit, LlmProvider, Logger, RequestRouter } from '../ports.js';
import type { SessionStore } from '../store.js';
import { explicitAgent } from '../routing/mention.js';
import { SAFE_FALLBACK_AGENT } from '../routing/policy.js';
import { startTurnCheckpoint, type TurnCheckpoint } from '../checkpoints/turnGate.js';
import { loadHistory } from './history.js';
import { runWithLargeInputs, sizeRequest, type LargeInputEnv, type SizedRequest } from '../largeInput/request.js';
import { beginTurnMemory, endTurnMemory, type MemoryEnv } from '../memory/turnMemory.js';
import { createAgentContext, type TurnState } from './turnContext.js';
import { proposalAnswer, type ScheduleProposal } from '../schedule/fromChat.js';

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

interface RunningTurn {
  sessionId: string;
  controller: AbortController;
  done: Promise<TurnOutcome>;
}

export class AgentEngine {
  private readonly turns = new Map<string, RunningTurn>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** The judge as the turn's tools call it (the checkpoint gate wraps it). */
  private readonly judge: (...args: Parameters<BlockJudge['judge']>) => ReturnType<BlockJudge['judge']>;

  constructor(private readonly deps: EngineDeps) {
    this.judge = (block, opts) => deps.judge.judge(block, opts);
  }

  /** Starts a turn and returns at once; events report its progress. */
  /**
   * `proposeSchedule: false` runs a request that reads as a schedule instead of proposing one: a
   * program (the local API) has no one to click Save.
   */
  send(sessionId: string, text: string, picked: AgentChoice = 'auto', options: { proposeSchedule?: boolean } = {}): { turnId: string; done: Promise<TurnOutcome> } {
    if (!this.deps.store.getSession(sessionId)) throw new AppError('NOT_FOUND', `No session ${sessionId}.`);
    const mention = picked === 'auto' ? explicitAgent(text) : null;
    const request = mention?.request ?? text;
    const choice: AgentChoice = mention?.agent ?? picked;
    const turnId = crypto.randomUUID();
    const controller = new AbortController();
    this.deps.store.startTurn({ turnId, sessionId, request });
    const previous = this.queues.get(sessionId) ?? Promise.resolve();
    const queuedAt = performance.now();
    const done = previous.then(() => this.run(sessionId, turnId, request, choice, controller.signal, options.proposeSchedule ?? true));
    // Ids, outcome and time only: the log never holds what the user asked or the model said.
    done.then(
      (o) => this.deps.logger.info('turn ended', { turnId, status: o.status, agent: o.agent, llmCalls: o.llmCalls, ms: Math.round(performance.now() - queuedAt) }),
      () => undefined, // run() answers every failure with an outcome; nothing to log twice
    );
    const settled = done.finally(() => {
      this.turns.delete(turnId);
      if (this.queues.get(sessionId) === settled) this.queues.delete(sessionId);
    });
    this.queues.set(sessionId, settled);
    this.turns.set(turnId, { sessionId, controller, done });
    return { turnId, done };
  }

  cancel(turnId: string): boolean {
    const turn = this.turns.get(turnId);
    if (!turn || turn.controller.signal.aborted) return false;
    this.deps.logger.info('turn stop requested', { turnId });
    turn.controller.abort(new AppError('CANCELLED', 'Stopped by the user.'));
    return true;
  }

  sessionOf(turnId: string): string | null {
    return this.turns.get(turnId)?.sessionId ?? null;
  }

  /** Cancels every running turn of a session (before it is deleted) and waits for them to end. */
  async stopSession(sessionId: string): Promise<void> {
    const mine = [...this.turns.entries()].filter(([, t]) => t.sessionId === sessionId);
    for (const [id] of mine) this.cancel(id);
    await Promise.allSettled(mine.map(([, t]) => t.done));
  }

  async dispose(): Promise<void> {
    for (const id of this.turns.keys()) this.cancel(id);
    await Promise.allSettled([...this.turns.values()].map((t) => t.done));
  }

  private async run(sessionId: string, turnId: string, request: string, choice: AgentChoice, signal: AbortSignal, mayPropose: boolean): Promise<TurnOutcome> {
    const { store, logger } = this.deps;
    const recorder = recordTurn(turnId, store, this.deps.emit, logger);
    const emit = recorder.emit;
    const ids = { sessionId, turnId };
    const llm = this.deps.provider();
    const state: TurnState = {
      sessionId,
      turnId,
      workspace: this.deps.workspace(),
      language: 'auto',
      signal,
      llmCalls: 0,
      blockCount: 0,
      taintedBy: null,
      heldTaint: null,
      contextSize: 0,
    };
    let agentName: AgentName | null = null;
    emit({ type: 'turn.started', ...ids, request });
    const proposal = mayPropose ? this.deps.proposeSchedule?.(request) : null;
    if (proposal) return this.propose(ids, request, proposal, choice, emit);
    try {
      signal.throwIfAborted();
      const routed = await this.select(request, choice);
      agentName = routed.agent;
      state.language = routed.language;
      store.updateTurn(turnId, { agent: agentName });
      emit({ type: 'agent.selected', ...ids, agent: agentName, reason: routed.reason, routing: routed.routing });
      const { systemExtra, sized } = await this.prepareTurn(llm, state, request);
      const { memory, largeInputs: large } = this.deps;
      const history = await loadHistory({ store, llm, emit, signal, state, request: sized.request, summaryPrompt: this.deps.summaryPrompt });
      store.appendMessage({ sessionId, turnId, role: 'user', content: sized.request, kind: 'message' });
      const checkpoint = this.startCheckpoint(ids, agentName, state);
      const ctx = createAgentContext(
        {
          store,
          llm,
          emit,
          logger,
          askUser: this.deps.askUser,
          judge: checkpoint?.judge ?? this.judge,
          agent: this.deps.agent,
          blockTimeoutMs: this.deps.blockTimeoutMs(),
          maxBlocksPerReply: this.deps.maxBlocksPerReply?.(),
          largeInputs: large,
          systemExtra,
        },
        state,
        { request: sized.request, history, cacheKey: sessionId, agentName },
      );
      const agent = this.deps.agent(agentName);
      const outcome = await this.runCheckpointed(checkpoint, () => (large ? runWithLargeInputs(agent, ctx, large, state.contextSize, sized.stored) : agent.run(ctx)));
      this.remember(sessionId, turnId, sized.request, outcome, state.taintedBy);
      if (memory) endTurnMemory(memory, { ...ids, answer: outcome.answer, taintedBy: state.taintedBy ?? state.heldTaint, emit, logger });
      store.updateTurn(turnId, { status: 'done', answer: outcome.answer, agent: outcome.agent });
      emit({ type: 'turn.done', ...ids, agent: outcome.agent, answer: outcome.answer, reasoning: outcome.reasoning, llmCalls: state.llmCalls });
      return { turnId, status: 'done', agent: outcome.agent, answer: outcome.answer, llmCalls: state.llmCalls, error: null };
    } catch (error) {
      recorder.keepPartialReplies();
      return this.endWithError(error, ids, agentName, state.llmCalls, signal);
    }
  }

  /**
   * "Every day at 8 summarise notes.md" asks for runs at those times, not one now: the turn ends
   * with the proposal (saved only on the user's click) and runs no agent, so nothing is done twice.
   */
  private propose(ids: { sessionId: string; turnId: string }, request: string, proposal: ScheduleProposal, choice: AgentChoice, emit: EngineDeps['emit']): TurnOutcome {
    const answer = proposalAnswer(proposal);
    emit({ type: 'schedule.proposed', ...ids, ...proposal, agent: choice });
    this.deps.store.appendMessage({ ...ids, role: 'user', content: request, kind: 'message' });
    this.deps.store.appendMessage({ ...ids, role: 'assistant', content: answer, kind: 'message' });
    this.deps.store.updateTurn(ids.turnId, { status: 'done', answer, agent: 'casual' });
    emit({ type: 'turn.done', ...ids, agent: 'casual', answer, reasoning: '', llmCalls: 0 });
    return { turnId: ids.turnId, status: 'done', agent: 'casual', answer, llmCalls: 0, error: null };
  }

  /** The context size, the memory block for system prompts, and the request as the agent sees it (a handle when too large). */
  private async prepareTurn(llm: LlmProvider, state: TurnState, request: string): Promise<{ systemExtra: string; sized: SizedRequest }> {
    const { emit, memory, largeInputs } = this.deps;
    const ids = { sessionId: state.sessionId, turnId: state.turnId };
    const info = await llm.info(state.signal);
    state.contextSize = info.contextSize;
    const systemExtra = memory ? await beginTurnMemory(memory, { ...ids, request, emit, llm, local: info.local }) : '';
    // A request too large for the context is kept as a file; the agent and the memory get its handle.
    const sized = largeInputs
      ? await sizeRequest(largeInputs, { llm, emit, ...ids, workspace: state.workspace, contextSize: info.contextSize }, request)
      : { request, stored: null };
    return { systemExtra, sized };
  }

  /** Scans the workspace before and after the agent runs (holding it meanwhile), for agents that can change it. */
  private startCheckpoint(ids: { sessionId: string; turnId: string }, agent: AgentName, state: TurnState): TurnCheckpoint | null {
    const checkpoints = this.deps.checkpoints;
    if (!checkpoints || !changesWorkspace(agent)) return null;
    return startTurnCheckpoint(checkpoints, { ...ids, workspace: state.workspace, signal: state.signal }, this.judge, this.deps.logger);
  }

  private async runCheckpointed<T>(checkpoint: TurnCheckpoint | null, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      await checkpoint?.end();
    }
  }

  private endWithError(error: unknown, ids: { sessionId: string; turnId: string }, agent: AgentName | null, llmCalls: number, signal: AbortSignal): TurnOutcome {
    const { store, emit, logger } = this.deps;
    if (signal.aborted || isAbortError(error)) {
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

  /** Stores the turn's messages; when untrusted text entered the turn they carry its source, so later turns stay tainted. */
  private remember(sessionId: string, turnId: string, request: string, outcome: AgentOutcome, untrusted: string | null): void {
    const messages = outcome.memory[0]?.role === 'user' && outcome.memory[0].content === request ? outcome.memory.slice(1) : outcome.memory;
    for (const m of messages) this.deps.store.appendMessage({ sessionId, turnId, role: m.role, content: m.content, kind: 'message', untrusted });
  }
}
