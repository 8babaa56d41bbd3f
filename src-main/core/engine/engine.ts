// The agent engine: starts, queues and cancels turns. Each turn runs as a TurnRunner's named steps
// (turnRunner.ts: routed, given its session's memory within the context budget, its agent run with
// a cancellable context, persisted as it goes). Sessions run concurrently; turns of one session
// queue behind each other (never "busy").
import type { AgentChoice } from '../../common/agents.js';
import { AppError } from '../../common/errors.js';
import type { BlockJudge } from '../ports.js';
import { explicitAgent } from '../routing/mention.js';
import { TurnRunner, type EngineDeps, type TurnOutcome } from './turnRunner.js';

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
    const turn = { sessionId, turnId, request, choice, signal: controller.signal, mayPropose: options.proposeSchedule ?? true };
    const done = previous.then(() => new TurnRunner(this.deps, this.judge, turn).run());
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
}
