// Requests larger than the context: the text is kept as a workspace file and the agent gets a
// handle to it; whole-document tasks (and agents that cannot read files) get the text digested
// part by part instead. A small request that names a large workspace file ("summarise
// notes/book.txt", a planner step) is digested the same way.
import { readsFiles, type AgentName } from '../../common/agents.js';
import type { Agent, AgentContext, AgentOutcome } from '../agent.js';
import type { Emit, LlmProvider } from '../ports.js';
import type { PromptSource, PromptVars } from '../prompts.js';
import { digestText, type DigestJob } from './digest.js';
import type { InputFiles } from './inputFiles.js';
import { countChunked, describeStored, type StoredText } from './pieces.js';

export interface LargeInputEnv {
  files: InputFiles;
  prompts: PromptSource;
  /** Prompt variables of the turn (os, date, languages); language and workspace are the turn's. */
  vars: () => PromptVars;
}

export interface StoredRequest extends StoredText {
  /** What the user asked of the text (the short paragraph before or after it), or a default. */
  instruction: string;
}

export interface SizedRequest {
  /** The request as the agent and the session's memory see it: itself, or its instruction and a handle. */
  request: string;
  stored: StoredRequest | null;
}

/** Share of the context a request may take before it is kept as a file. */
export const REQUEST_SHARE = 0.5;
const DEFAULT_INSTRUCTION = 'Summarise this text.';

// Summarise / translate / extract in the languages the router knows; a task over the whole text.
const WHOLE_TEXT_TASK =
  /(?<!\p{L})(summ?ari[sz]e|summary|sum up|tl;?dr|translate|translation|extract|list (all|every)|outline|r[ée]sum[ée]r?|tradui[rs]e?|traduction|extrai(s|re)|zusammenfass\p{L}*|fass\p{L}*\s.{0,80}zusammen|übersetz\p{L}*|extrahier\p{L}*|resum(e|ir|en)|traduc\p{L}*|extrae\p{L}*|riassum\p{L}*|tradu(rre|ci)|estra(i|rre)|резюм\p{L}*|кратко|перев[ео]д\p{L}*|извлеч\p{L}*)(?!\p{L})|总结|摘要|概括|翻译|提取|要約|まとめ|翻訳|抽出|요약|번역/iu;

export function isWholeTextTask(instruction: string): boolean {
  return WHOLE_TEXT_TASK.test(instruction);
}

/** The short instruction around a pasted text: its first paragraph, else its last, when short. */
export function splitInstruction(request: string): { instruction: string; body: string } {
  const paragraphs = request.split(/\n\s*\n/);
  const first = paragraphs[0]!.trim();
  const last = paragraphs.at(-1)!.trim();
  if (paragraphs.length > 1 && first.length > 0 && first.length <= 500) return { instruction: first, body: paragraphs.slice(1).join('\n\n') };
  if (paragraphs.length > 1 && last.length > 0 && last.length <= 500) return { instruction: last, body: paragraphs.slice(0, -1).join('\n\n') };
  return { instruction: DEFAULT_INSTRUCTION, body: request };
}

export async function sizeRequest(
  env: LargeInputEnv,
  turn: { llm: LlmProvider; workspace: string; contextSize: number; emit: Emit; sessionId: string; turnId: string },
  request: string,
): Promise<SizedRequest> {
  const budget = Math.floor(turn.contextSize * REQUEST_SHARE);
  // Four UTF-8 bytes a character at most, and no tokenizer makes more tokens than bytes: no need to count.
  if (request.length * 4 <= budget) return { request, stored: null };
  const count = (t: string) => turn.llm.countTokens(t);
  if ((await countChunked(request, count, budget)) <= budget) return { request, stored: null };
  const { instruction, body } = splitInstruction(request);
  const path = await env.files.save(turn.workspace, 'input', body);
  const bodyTokens = await countChunked(body, count);
  turn.emit({ type: 'input.stored', sessionId: turn.sessionId, turnId: turn.turnId, path, chars: body.length, tokens: bodyTokens });
  const stored: StoredRequest = { path, text: body, tokens: bodyTokens, instruction };
  return { request: `${instruction}\n\n${describeStored('The text the user pasted', stored)}`, stored };
}

/** Runs the agent, or digests the text part by part when the task needs the whole of a text larger than the context. */
export async function runWithLargeInputs(agent: Agent, ctx: AgentContext, env: LargeInputEnv, contextSize: number, stored: StoredRequest | null): Promise<AgentOutcome> {
  const job = stored ? jobForStored(agent.name, stored) : await jobForNamedFile(ctx, env, contextSize);
  if (!job) return agent.run(ctx);
  const vars = { ...env.vars(), language: ctx.language, workspace: ctx.workspace };
  const result = await digestText(ctx, { prompts: env.prompts, vars, contextSize }, job);
  return {
    agent: agent.name,
    answer: result.answer,
    reasoning: result.reasoning,
    memory: [
      { role: 'user', content: ctx.request },
      { role: 'assistant', content: result.answer },
    ],
    success: true,
    artifacts: { sources: [job.source] },
  };
}

function jobForStored(agent: AgentName, stored: StoredRequest): DigestJob | null {
  // Agents that read files (the agents table's readsFiles) read it by ranges themselves unless the task needs all of it.
  if (readsFiles(agent) && !isWholeTextTask(stored.instruction)) return null;
  return { instruction: stored.instruction, text: stored.text, source: stored.path };
}

/** Workspace paths a request names (`notes/book.txt`, `.agentic/inputs/…`), at most five tried. */
function namedPaths(request: string): string[] {
  const found = request.match(/(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,8}\b/g) ?? [];
  return [...new Set(found)].slice(0, 5);
}

async function jobForNamedFile(ctx: AgentContext, env: LargeInputEnv, contextSize: number): Promise<DigestJob | null> {
  if (ctx.request.length > 2000 || !isWholeTextTask(ctx.request)) return null;
  for (const candidate of namedPaths(ctx.request)) {
    const text = await env.files.readText(ctx.workspace, candidate);
    if (text === null || text.length * 4 <= contextSize * REQUEST_SHARE) continue;
    const budget = contextSize * REQUEST_SHARE;
    if ((await countChunked(text, (t) => ctx.llm.countTokens(t), budget)) > budget) return { instruction: ctx.request, text, source: candidate };
  }
  return null;
}
