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

async function runWeb(ctx: AgentContext, deps: WebAgentDeps): Promise<AgentOutcome> {
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
  const actions = new WebActions(ctx, deps, newNonce(), pageTokens);
  const notes: Note[] = [];
  const stuck = new StuckDetector();
  let feedback: string[] = [];
  let blockers = 0;
  let reminded = false;
  let ending: string | null = null;
  try {
    for (let step = 1; step <= maxSteps && ending === null; step++) {
      const observation = actions.observation();
      const user = assemblePrompt(
        deps.prompts,
        'web/step',
        vars({
          request: ctx.request,
          notes: formatNotes(notes),
          observation,
          feedback: feedback.join('\n') || '(none)',
          stepsLeft: String(maxSteps - step + 1),
        }),
      );
      const messages: ChatMessage[] = [{ role: 'system', content: system }, ...ctx.history, { role: 'user', content: user }];
      const reply = await ctx.callModel(messages);
      feedback = [];
      const decision = decideStep(reply.text, reminded);
      const { parsed } = decision;
      for (const text of parsed.notes) notes.push({ text, source: actions.currentSource() });
      feedback.push(...parsed.problems);
      const replyVerdict = stuck.reply(reply.text);
      if (replyVerdict === 'stuck') {
        ending = 'stuck';
        continue;
      }
      if (replyVerdict === 'repeat') feedback.push(assemblePrompt(deps.prompts, 'web/repeat', vars({})).trim());
      if (decision.kind === 'answer') return outcome(ctx, decision.answer, notes, true);
      if (decision.kind === 'retry') {
        if (decision.remind) feedback.push(assemblePrompt(deps.prompts, 'web/no-action', vars({})).trim());
        reminded ||= decision.remind;
        continue;
      }
      const result = await actions.perform(decision.action);
      feedback.push(...result.feedback);
      const pageVerdict = result.landed ? stuck.page(result.landed.url, result.landed.content) : 'ok';
      if (pageVerdict === 'stuck') ending = 'stuck';
      else if (pageVerdict === 'repeat') feedback.push(assemblePrompt(deps.prompts, 'web/repeat', vars({})).trim());
      if (result.landed && actions.blocker() !== null && ++blockers >= MAX_BLOCKERS) ending = 'blocked';
    }
    return await finish(ctx, deps, system, vars, notes, ending ?? 'steps');
  } catch (error) {
    // No browser: say so with what the notes hold. Anything else (the model failing, cancellation) is the engine's.
    if (!(error instanceof AppError) || error.code !== 'BROWSER_UNAVAILABLE' || ctx.signal.aborted) throw error;
    ctx.logger.warn('web agent has no browser', { error: error.message });
    return await finish(ctx, deps, system, vars, notes, `the browser is unavailable: ${error.message}`);
  } finally {
    await actions.close();
  }
}

/** Out of steps, stuck or blocked: one last call turns the notes into an answer, saying why it stopped. */
async function finish(
  ctx: AgentContext,
  deps: WebAgentDeps,
  system: string,
  vars: (extra: Record<string, string>) => PromptVars,
  notes: Note[],
  reason: string,
): Promise<AgentOutcome> {
  const prompt = assemblePrompt(deps.prompts, 'web/summary', vars({ request: ctx.request, notes: formatNotes(notes), reason }));
  const reply = await ctx.callModel([
    { role: 'system', content: system },
    { role: 'user', content: prompt },
  ]);
  const parsed = parseReply(reply.text);
  const summary = parsed.action?.kind === 'done' ? parsed.action.summary : reply.text;
  return outcome(ctx, summary, notes, notes.length > 0);
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
