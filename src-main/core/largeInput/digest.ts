// Whole-document tasks (summarise, translate, extract) over a text larger than the context: each
// part is read in its own model call that fits, then the parts' notes are combined (merged in
// rounds first when even the notes do not fit). Stop is honoured between parts and, through the
// turn's signal, within each call; progress goes out as `work.progress` events.
import { AppError } from '../../common/errors.js';
import type { AgentContext } from '../agent.js';
import { ANSWER_RESERVE } from '../engine/budget.js';
import { assemblePrompt, type PromptSource, type PromptVars } from '../prompts.js';
import { pageIndex, placeOf, splitIntoPieces, type CountTokens, type Piece } from './pieces.js';

export interface DigestEnv {
  prompts: PromptSource;
  vars: PromptVars;
  contextSize: number;
}

export interface DigestJob {
  instruction: string;
  text: string;
  /** Where the text is kept (workspace-relative), named in citations. */
  source: string;
}

export interface DigestResult {
  answer: string;
  reasoning: string;
  parts: Piece[];
}

/** Tokens for one call's reply: notes per part, and the final answer. */
const replyTokens = (contextSize: number) => Math.min(ANSWER_RESERVE, Math.floor(contextSize / 4));
/** Per-message overhead the budget counts (see countMessages) plus slack for chat-template tokens. */
const FRAME_TOKENS = 64;

const partPrompt = (env: DigestEnv, job: DigestJob, vars: Record<string, string>) =>
  assemblePrompt(env.prompts, 'digest/part', { ...env.vars, ...vars, instruction: job.instruction, source: job.source });

/** The parts a text is read in: each fits one call beside the longest system prompt a part gets and the reply. */
export async function planParts(count: CountTokens, env: DigestEnv, job: DigestJob): Promise<Piece[]> {
  const sample = partPrompt(env, job, { part: '9999', parts: '9999', range: 'pages 99999–99999, lines 9999999–9999999' });
  const room = env.contextSize - replyTokens(env.contextSize) - (await count(sample)) - FRAME_TOKENS;
  if (room < 64) throw new AppError('CONTEXT_OVERFLOW', `The model's context (${env.contextSize} tokens) is too small to read a long text in parts.`);
  return splitIntoPieces(job.text, room, count);
}

export async function digestText(ctx: AgentContext, env: DigestEnv, job: DigestJob): Promise<DigestResult> {
  const reply = replyTokens(env.contextSize);
  const parts = await planParts((t) => ctx.llm.countTokens(t), env, job);
  // Text from a PDF carries page marks: its parts are cited by page as well as by line.
  const pageAt = pageIndex(job.text);
  const notes: string[] = [];
  for (const piece of parts) {
    ctx.signal.throwIfAborted();
    ctx.emit({ type: 'work.progress', sessionId: ctx.sessionId, turnId: ctx.turnId, stage: 'part', part: piece.index, parts: parts.length });
    const system = partPrompt(env, job, { part: String(piece.index), parts: String(parts.length), range: placeOf(piece, pageAt) });
    const out = await ctx.callModel(
      [
        { role: 'system', content: system },
        { role: 'user', content: piece.text },
      ],
      { stream: false, maxTokens: reply },
    );
    const text = out.text.trim();
    if (text && !/^NOTHING\.?$/i.test(text)) notes.push(`[part ${piece.index}, ${placeOf(piece, pageAt)}]\n${text}`);
  }
  ctx.signal.throwIfAborted();
  ctx.emit({ type: 'work.progress', sessionId: ctx.sessionId, turnId: ctx.turnId, stage: 'combine', part: parts.length, parts: parts.length });
  const combineVars = { ...env.vars, instruction: job.instruction, source: job.source, parts: String(parts.length) };
  const merged = await mergeUntilFits(ctx, env, combineVars, notes.length ? notes : ['(no part held anything relevant to the task)'], reply);
  const final = await ctx.callModel(
    [
      { role: 'system', content: assemblePrompt(env.prompts, 'digest/combine', combineVars) },
      { role: 'user', content: merged.join('\n\n') },
    ],
    { maxTokens: reply },
  );
  return { answer: `${final.text.trim()}\n\n${partsFooter(job.source, parts, pageAt)}`, reasoning: final.reasoning, parts };
}

/** Merges groups of notes that fit one call until all of them fit the final call. */
async function mergeUntilFits(ctx: AgentContext, env: DigestEnv, vars: PromptVars, notes: string[], reply: number): Promise<string[]> {
  const count = (t: string) => ctx.llm.countTokens(t);
  const system = assemblePrompt(env.prompts, 'digest/merge', vars);
  const room = env.contextSize - reply - Math.max(await count(system), await count(assemblePrompt(env.prompts, 'digest/combine', vars))) - FRAME_TOKENS;
  let current = notes;
  for (let round = 0; round < 8; round++) {
    if ((await count(current.join('\n\n'))) <= room) return current;
    const groups: string[][] = [[]];
    let used = 0;
    for (const note of current) {
      const cost = (await count(note)) + 2;
      if (used + cost > room && groups.at(-1)!.length > 0) {
        groups.push([]);
        used = 0;
      }
      groups.at(-1)!.push(note.length > room * 4 ? note.slice(0, room * 3) : note);
      used += cost;
    }
    const next: string[] = [];
    for (const group of groups) {
      ctx.signal.throwIfAborted();
      const out = await ctx.callModel(
        [
          { role: 'system', content: system },
          { role: 'user', content: group.join('\n\n') },
        ],
        { stream: false, maxTokens: reply },
      );
      next.push(out.text.trim());
    }
    current = next;
  }
  return current;
}

function partsFooter(source: string, parts: readonly Piece[], pageAt: ((line: number) => number) | null): string {
  const shown = parts.slice(0, 40).map((p) => `${p.index}: ${placeOf(p, pageAt)}`);
  const more = parts.length > 40 ? `; … ${parts.length - 40} more` : '';
  return `Read in ${parts.length} part${parts.length === 1 ? '' : 's'} from ${source} (${shown.join('; ')}${more}).`;
}
