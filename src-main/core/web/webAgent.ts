// The web agent: search → pick a result → read → take notes → follow links, go back, fill forms →
// finish with a summary that cites its pages. One fresh browser page and fresh notes per request;
// web text reaches the model only inside untrusted-data fences, and marks the turn as tainted.
import { AppError } from '../../common/errors.js';
import type { Agent, AgentContext, AgentOutcome } from '../agent.js';
import type { ChatMessage } from '../ports.js';
import { assemblePrompt, type PromptSource, type PromptVars } from '../prompts.js';
import type { BrowserDriver, WebSearch } from './driver.js';
import { WebActions } from './actionRunner.js';
import { parseReply } from './actionParser.js';
import { decideStep } from './step.js';
import { formatNotes, withSources, type Note } from './observe.js';
import { StuckDetector } from './stuck.js';
import { newNonce } from './text.js';

export interface WebAgentDeps {
  /** A fresh page (own cookies and history) for one request; closed when the request ends. */
  driver: () => Promise<BrowserDriver>;
  search: WebSearch;
  prompts: PromptSource;
  maxSteps?: number;
  /** Page text budget in tokens; by default about 40% of the model's context. */
  pageTokens?: number;
  /** Stream CDP frames as browser.frame events (off where the UI shows the page itself). */
  screencast?: boolean;
  /** Search on the run's own page (Electron: the view is the only page) when the search can. */
  searchInPage?: boolean;
}

const MAX_BLOCKERS = 3;

export function createWebAgent(deps: WebAgentDeps): Agent {
  return { name: 'web', run: (ctx) => runWeb(ctx, deps) };
}

/** What one request's run is set up with: its context, prompts and the actions on its own page. */
interface WebRun {
  ctx: AgentContext;
  deps: WebAgentDeps;
  system: string;
  vars: (extra: Record<string, string>) => PromptVars;
  actions: WebActions;
  maxSteps: number;
}

/** What the loop carries from one step to the next. */
interface StepState {
  notes: Note[];
  stuck: StuckDetector;
  /** What the next step's prompt tells the model about its last reply and action. */
  feedback: string[];
  blockers: number;
  /** Whether the model was already reminded to act (it is reminded once). */
  reminded: boolean;
  /** Why the loop stops early (stuck, blocked), or null while it goes on. */
  ending: string | null;
}

async function runWeb(ctx: AgentContext, deps: WebAgentDeps): Promise<AgentOutcome> {
  const run = await setUp(ctx, deps);
  const state: StepState = { notes: [], stuck: new StuckDetector(), feedback: [], blockers: 0, reminded: false, ending: null };
  try {
    for (let step = 1; step <= run.maxSteps && state.ending === null; step++) {
      const answered = await takeStep(run, state, step);
      if (answered) return answered;
    }
    return await finish(run, state.notes, state.ending ?? 'steps');
  } catch (error) {
    // No browser: say so with what the notes hold. Anything else (the model failing, cancellation) is the engine's.
    if (!(error instanceof AppError) || error.code !== 'BROWSER_UNAVAILABLE' || ctx.signal.aborted) throw error;
    ctx.logger.warn('web agent has no browser', { error: error.message });
    return await finish(run, state.notes, `the browser is unavailable: ${error.message}`);
  } finally {
    await run.actions.close();
  }
}

async function setUp(ctx: AgentContext, deps: WebAgentDeps): Promise<WebRun> {
  const info = await ctx.llm.info(ctx.signal);
  const pageTokens = deps.pageTokens ?? Math.max(300, Math.min(8000, Math.floor(info.contextSize * 0.4)));
  const maxSteps = deps.maxSteps ?? 12;
  const vars = (extra: Record<string, string>): PromptVars => ({
    os: '',
    workspace: ctx.workspace,
    languages: [],
    language: ctx.language,
    date: new Date().toISOString().slice(0, 10),
    maxSteps: String(maxSteps),
    ...extra,
  });
  const system = assemblePrompt(deps.prompts, 'web/system', vars({}));
  return { ctx, deps, system, vars, actions: new WebActions(ctx, deps, newNonce(), pageTokens), maxSteps };
}

/** One step: ask the model, keep its notes, then answer, retry or act. Returns the outcome when it answered. */
async function takeStep(run: WebRun, state: StepState, step: number): Promise<AgentOutcome | undefined> {
  const reply = await run.ctx.callModel(stepMessages(run, state, step));
  state.feedback = [];
  const decision = decideStep(reply.text, state.reminded);
  for (const text of decision.parsed.notes) state.notes.push({ text, source: run.actions.currentSource() });
  state.feedback.push(...decision.parsed.problems);
  const replyVerdict = state.stuck.reply(reply.text);
  if (replyVerdict === 'stuck') {
    state.ending = 'stuck';
    return undefined;
  }
  if (replyVerdict === 'repeat') state.feedback.push(reminder(run, 'web/repeat'));
  if (decision.kind === 'answer') return outcome(run.ctx, decision.answer, state.notes, true);
  if (decision.kind === 'retry') {
    if (decision.remind) state.feedback.push(reminder(run, 'web/no-action'));
    state.reminded ||= decision.remind;
    return undefined;
  }
  await act(run, state, decision.action);
  return undefined;
}

function stepMessages(run: WebRun, state: StepState, step: number): ChatMessage[] {
  const observation = run.actions.observation();
  const user = assemblePrompt(
    run.deps.prompts,
    'web/step',
    run.vars({
      request: run.ctx.request,
      notes: formatNotes(state.notes),
      observation,
      feedback: state.feedback.join('\n') || '(none)',
      stepsLeft: String(run.maxSteps - step + 1),
    }),
  );
  return [{ role: 'system', content: run.system }, ...run.ctx.history, { role: 'user', content: user }];
}

/** Performs the action, then watches where it landed: the same page again, or a blocker too often, ends the loop. */
async function act(run: WebRun, state: StepState, action: Parameters<WebActions['perform']>[0]): Promise<void> {
  const result = await run.actions.perform(action);
  state.feedback.push(...result.feedback);
  const pageVerdict = result.landed ? state.stuck.page(result.landed.url, result.landed.content) : 'ok';
  if (pageVerdict === 'stuck') state.ending = 'stuck';
  else if (pageVerdict === 'repeat') state.feedback.push(reminder(run, 'web/repeat'));
  if (result.landed && run.actions.blocker() !== null && ++state.blockers >= MAX_BLOCKERS) state.ending = 'blocked';
}

function reminder(run: WebRun, name: string): string {
  return assemblePrompt(run.deps.prompts, name, run.vars({})).trim();
}

/** Out of steps, stuck or blocked: one last call turns the notes into an answer, saying why it stopped. */
async function finish(run: WebRun, notes: Note[], reason: string): Promise<AgentOutcome> {
  const prompt = assemblePrompt(run.deps.prompts, 'web/summary', run.vars({ request: run.ctx.request, notes: formatNotes(notes), reason }));
  const reply = await run.ctx.callModel([
    { role: 'system', content: run.system },
    { role: 'user', content: prompt },
  ]);
  const parsed = parseReply(reply.text);
  const summary = parsed.action?.kind === 'done' ? parsed.action.summary : reply.text;
  return outcome(run.ctx, summary, notes, notes.length > 0);
}

function outcome(ctx: AgentContext, summary: string, notes: Note[], success: boolean): AgentOutcome {
  const sources = [...new Set(notes.map((n) => n.source).filter((s) => /^https?:\/\//.test(s)))];
  const answer = withSources(summary, sources, 'Sources:');
  return {
    agent: 'web',
    answer,
    reasoning: '',
    memory: [
      { role: 'user', content: ctx.request },
      { role: 'assistant', content: answer },
    ],
    success,
    artifacts: { sources },
  };
}
