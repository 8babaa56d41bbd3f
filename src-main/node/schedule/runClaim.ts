// One scheduled run, claimed already: its own session named after the schedule and the time, the
// request sent as a turn, the schedule's approval policy answering for the absent user, its time
// and token budgets enforced, and the outcome written to the run history.
import type { CommandInput, CommandName, CommandOutput, Handlers } from '../../common/contract.js';
import { dispatch } from '../../common/dispatch.js';
import { AppError } from '../../common/errors.js';
import type { AppEvent } from '../../common/events.js';
import type { Schedule } from '../../common/schedules.js';
import type { AskUser } from '../../core/ports.js';
import { policyDecision } from '../../core/schedule/policy.js';
import { ApprovalRows } from './approvals.js';
import type { RunView } from './rows.js';
import type { Claim, RunEnd, ScheduleStore } from './scheduleStore.js';

export interface RunHost {
  handlers: Handlers;
  subscribe(listener: (event: AppEvent) => void): () => void;
  cancel(turnId: string): void;
}

export interface Notice {
  kind: 'done' | 'failed' | 'approval';
  title: string;
  body: string;
  /** approval notices: the question's id (answered in the app or with `agentic schedule answer`). */
  approvalId?: string;
}

const CTX = { clientId: 'schedule' };

async function command<K extends CommandName>(host: RunHost, name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
  const result = await dispatch(host.handlers, name, input, CTX);
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  return result.value as CommandOutput<K>;
}

export function runTitle(schedule: Schedule, dueAt: number): string {
  const when = new Intl.DateTimeFormat('en-GB', { timeZone: schedule.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(dueAt);
  return `${schedule.name} · ${when}`.slice(0, 200);
}

/**
 * The AskUser of a scheduled run: the policy decides; `ask` writes the question where the app
 * shows it, notifies, and waits for the answer until the run's budget ends.
 */
export function scheduleApprover(store: ScheduleStore, claim: Claim, notes: string[], notify: (n: Notice) => void): AskUser {
  const rows = new ApprovalRows(store.connection);
  return async (request) => {
    const decision = policyDecision(claim.schedule.approval, claim.schedule.allowRules, request);
    if (decision.action !== 'ask') {
      notes.push(decision.note);
      return decision.action === 'allow';
    }
    const id = rows.add(claim.runId, request);
    store.setRunStatus(claim.runId, 'waiting-approval');
    notify({ kind: 'approval', title: `${claim.schedule.name} needs your approval`, body: `${request.tool}: ${request.reasons.join('; ')}`, approvalId: id });
    const approved = await rows.waitFor(id, request.signal);
    store.setRunStatus(claim.runId, 'running');
    notes.push(`${approved ? 'Approved' : 'Declined'} by the user: ${request.tool} (${request.reasons.join('; ')})`);
    return approved;
  };
}

interface Tally {
  chars: number;
  changedFiles: number;
  error: string | null;
  end: RunEnd['status'] | null;
}

function tallyEvent(tally: Tally, e: AppEvent): void {
  if (e.type === 'answer.delta' || e.type === 'reasoning.delta') tally.chars += e.text.length;
  else if (e.type === 'checkpoint.recorded') tally.changedFiles += e.filesChanged;
  else if (e.type === 'turn.done') tally.end = 'done';
  else if (e.type === 'turn.failed') [tally.end, tally.error] = ['failed', e.error.message];
  else if (e.type === 'turn.cancelled') tally.end ??= 'cancelled';
}

/** Streamed characters / 4: providers here report no usage, so the budget and history use this estimate. */
const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export async function executeClaim(host: RunHost, store: ScheduleStore, claim: Claim, notes: string[], notify: (n: Notice) => void): Promise<RunView> {
  const { schedule } = claim;
  const tally: Tally = { chars: 0, changedFiles: 0, error: null, end: null };
  let turnId: string | null = null;
  let sessionId: string | null = null;
  let ended: () => void = () => {};
  const finished = new Promise<void>((resolve) => (ended = resolve));
  const stop = (why: string) => {
    if (tally.error === null) tally.error = why;
    if (turnId) host.cancel(turnId);
  };
  const unsubscribe = host.subscribe((e) => {
    if (sessionId === null || e.sessionId !== sessionId) return;
    tallyEvent(tally, e);
    if (schedule.tokenBudget !== null && estimateTokens(tally.chars) > schedule.tokenBudget) stop(`Over the token budget (${schedule.tokenBudget}).`);
    if (tally.end !== null) ended();
  });
  const timer = setTimeout(() => stop(`Over the time budget (${schedule.timeBudgetSec} s).`), schedule.timeBudgetSec * 1000);
  try {
    sessionId = (await command(host, 'session.create', { title: runTitle(schedule, claim.dueAt) })).id;
    store.setRunSession(claim.runId, sessionId);
    turnId = (await command(host, 'turn.send', { sessionId, text: schedule.request, agent: schedule.agent })).turnId;
    await finished;
  } catch (error) {
    tally.end = 'failed';
    tally.error = (error as Error).message;
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
  // A run stopped by its budget is a failure of the schedule, not the user's cancel.
  const status: RunEnd['status'] = tally.end === 'cancelled' && tally.error ? 'failed' : (tally.end ?? 'failed');
  const run = store.finishRun(claim.runId, { status, tokens: estimateTokens(tally.chars), changedFiles: tally.changedFiles, error: status === 'done' ? null : tally.error, notes });
  notify({
    kind: status === 'done' ? 'done' : 'failed',
    title: `${schedule.name}: ${status === 'done' ? 'done' : 'failed'}`,
    body: status === 'done' ? `${tally.changedFiles} file(s) changed${notes.length ? `; ${notes.length} note(s)` : ''}` : (tally.error ?? status),
  });
  return run;
}
