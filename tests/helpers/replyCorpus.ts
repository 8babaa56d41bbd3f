// The corpus of replies written the way real local models write (tests/fixtures/replies): loads it,
// and runs each reply through the real reasoning split, block parser, agent step decisions and
// plan/MCP parsers, comparing with the outcome its header says a user would want.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { planStepAgents } from '../../src-main/common/agents.js';
import { replyMove } from '../../src-main/core/agents/codeLoop.js';
import { parseReplyBlocks } from '../../src-main/core/blocks/parse.js';
import { splitReasoning } from '../../src-main/core/llm/reasoning.js';
import { parseMcpCall } from '../../src-main/core/mcp/parseCall.js';
import { extractPlanJson, parsePlan } from '../../src-main/core/planner/plan.js';
import { isNoUpdate } from '../../src-main/core/planner/planShape.js';
import { decideStep } from '../../src-main/core/web/step.js';
import { ROOT } from './processes.js';
import { toolsNamed, toolsOfAgent } from './toolDefinitions.js';

export const CORPUS_DIR = join(ROOT, 'tests/fixtures/replies');

export interface CorpusEntry {
  id: string;
  family: string;
  agent: string;
  styles: string[];
  reply: string;
  /** The reply stopped at the token limit. */
  truncated?: boolean;
  /** Web: the model was already reminded of the actions once in this run. */
  reminded?: boolean;
  /** Planner updates: ids of steps already done. */
  known?: string[];
  expect: Expectation;
}

interface Expectation {
  move?: string;
  blocks?: [string, string][];
  params?: Record<string, string>;
  mcp?: { server: string; tool: string } | { problem: string };
  action?: unknown;
  notes?: string[];
  answer?: string[];
  notIn?: string[];
  reasoning?: boolean;
  ok?: boolean;
  steps?: [string, string, string[]][];
  problem?: string;
  remind?: boolean;
}

const HEADER = /^=== (\{.*\})\s*$/;

/** Every reply of every corpus file; the agent is the file's name (coder.md → coder). */
export function loadCorpus(dir = CORPUS_DIR): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    const agent = file.replace(/\.md$/, '');
    let current: (CorpusEntry & { crlf?: boolean }) | null = null;
    const lines: string[] = [];
    const flush = () => {
      if (!current) return;
      const text = lines.join('\n').replace(/\n$/, '');
      entries.push({ ...current, agent, reply: current.crlf ? text.replace(/\n/g, '\r\n') : text });
      lines.length = 0;
    };
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const header = HEADER.exec(line);
      if (header) {
        flush();
        current = JSON.parse(header[1]!) as CorpusEntry & { crlf?: boolean };
      } else if (current) lines.push(line);
    }
    flush();
  }
  return entries;
}

/** What the agents make of one reply, in the header's terms. */
export function outcomeOf(entry: CorpusEntry): Record<string, unknown> {
  const split = splitReasoning(entry.reply);
  const base = { reasoning: split.reasoning !== '' };
  if (entry.agent === 'coder' || entry.agent === 'file' || entry.agent === 'mcp') {
    const parsed = parseReplyBlocks(split.answer, toolsOfAgent(entry.agent));
    const blocks = parsed.blocks;
    const mcp = blocks[0]?.tag === 'mcp' ? parseMcpCall(blocks[0].code) : null;
    return {
      ...base,
      move: replyMove({ blocks, foreignTags: parsed.foreign }, false),
      blocks,
      params: blocks[0]?.params,
      mcp: mcp && (mcp.ok ? { server: mcp.call.server, tool: mcp.call.tool } : { problem: mcp.problem }),
      answer: split.answer,
    };
  }
  if (entry.agent === 'web') {
    const step = decideStep(split.answer, entry.reminded === true);
    const answer = step.kind === 'answer' ? step.answer : '';
    return { ...base, move: step.kind, action: step.kind === 'act' ? step.action : null, notes: step.parsed.notes, answer, remind: step.kind === 'retry' && step.remind };
  }
  if (entry.agent === 'planner' || entry.agent === 'planner-update') {
    const jsonBlock = parseReplyBlocks(split.answer, toolsNamed('json')).blocks[0]?.code ?? null;
    if (entry.agent === 'planner-update' && isNoUpdate(split.answer, jsonBlock !== null)) return { ...base, move: 'keep' };
    const plan = parsePlan(extractPlanJson(split.answer, jsonBlock), { agents: planStepAgents(true), knownIds: new Set(entry.known ?? []), truncated: entry.truncated });
    return { ...base, move: 'plan', ok: plan.ok, steps: plan.ok ? plan.steps.map((s) => [s.id, s.agent, s.need]) : [], problem: plan.ok ? '' : plan.problems.join(' ') };
  }
  // casual answers and session summaries: the text after the reasoning split, as the engine keeps it.
  const answer = entry.agent === 'summary' ? split.answer.trim() || '(no summary)' : split.answer;
  return { ...base, answer };
}

/** The ways the outcome differs from the header's expectation; empty when the reply passes. */
export function checkEntry(entry: CorpusEntry): string[] {
  const got = outcomeOf(entry);
  const want = entry.expect;
  const bad: string[] = [];
  const same = (key: string, value: unknown) => {
    if (!isDeepStrictEqual(got[key], value)) bad.push(`${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got[key])}`);
  };
  for (const key of ['move', 'params', 'mcp', 'action', 'notes', 'reasoning', 'ok', 'steps', 'remind'] as const) if (want[key] !== undefined) same(key, want[key]);
  if (want.blocks) {
    const blocks = (got.blocks ?? []) as { tag: string; code: string }[];
    const seen = blocks.map((b) => b.tag);
    if (
      !isDeepStrictEqual(
        seen,
        want.blocks.map((b) => b[0]),
      )
    )
      bad.push(`blocks: expected ${JSON.stringify(want.blocks.map((b) => b[0]))}, got ${JSON.stringify(seen)}`);
    want.blocks.forEach(([, code], i) => {
      if (blocks[i] && !blocks[i].code.includes(code)) bad.push(`block ${i + 1} lacks ${JSON.stringify(code)}: ${JSON.stringify(blocks[i].code)}`);
    });
  }
  const answer = typeof got.answer === 'string' ? got.answer : '';
  for (const text of want.answer ?? []) if (!answer.includes(text)) bad.push(`answer lacks ${JSON.stringify(text)}: ${JSON.stringify(answer.slice(0, 200))}`);
  for (const text of want.notIn ?? []) if (answer.includes(text)) bad.push(`answer contains ${JSON.stringify(text)}`);
  if (want.problem !== undefined && !String(got.problem).includes(want.problem)) bad.push(`problem: expected …${want.problem}…, got ${JSON.stringify(got.problem)}`);
  return bad;
}
