// The execute-and-fix loop shared by the coder, file and mcp agents: ask the model, run the reply's
// blocks in order (stopping at the first failure), feed the results back, ask again. It ends when
// a reply's blocks all succeed, when a reply has no block (an answer or a question for the user),
// or after maxAttempts model calls, with an honest account of what was done. A reply whose only code
// is in a language nothing runs here (```cpp) is answered once with the tags that do run.
import type { AgentName } from '../../common/agents.js';
import type { BlockResult } from '../../common/events.js';
import type { AgentContext, AgentOutcome, ModelReply } from '../agent.js';
import { assemblePrompt, type PromptSource, type PromptVars } from '../prompts.js';
import type { ChatMessage, Tool } from '../ports.js';
import { describeTools } from '../blocks/aliases.js';
import type { ToolDefinition } from '../tools/defineTool.js';
import { formatBlockFeedback } from './feedback.js';

/**
 * Blocks that fetch information for the model (a file's text, an MCP tool's answer) are those whose
 * tool's policy says they send their results to the model. When a reply consists of such blocks
 * alone, their results go back to the model so it can answer the user with them; any other
 * successful reply ends the loop.
 */
const resultsToModel = (definitions: readonly ToolDefinition[], tag: string): boolean => definitions.find((d) => d.tag === tag)?.policy.resultsToModel === true;

export interface CodeLoopConfig {
  agent: AgentName;
  system: string;
  tools: readonly Tool[];
  maxAttempts: number;
  prompts: PromptSource;
  vars: PromptVars;
}

export async function runCodeLoop(ctx: AgentContext, cfg: CodeLoopConfig): Promise<AgentOutcome> {
  const definitions = cfg.tools.map((t) => t.definition);
  const conversation: ChatMessage[] = [{ role: 'user', content: ctx.request }];
  const all: BlockResult[] = [];
  let reasoning = '';
  let lastText = '';
  let toldForeign = false;
  for (let attempt = 1; attempt <= cfg.maxAttempts; attempt++) {
    const reply = await ctx.callModel([{ role: 'system', content: cfg.system }, ...ctx.history, ...conversation], { tools: definitions });
    reasoning += reply.reasoning;
    lastText = reply.text;
    conversation.push({ role: 'assistant', content: reply.text });
    const move = replyMove(reply, toldForeign || attempt >= cfg.maxAttempts);
    if (move === 'tell') {
      toldForeign = true;
      conversation.push({ role: 'user', content: foreignTagsFeedback(cfg, reply.foreignTags ?? [], definitions) });
      continue;
    }
    if (move === 'answer') {
      return outcome(cfg.agent, conversation, reply.text, reasoning, all, true);
    }
    const results = await ctx.runBlocks(reply.blocks, cfg.tools, reply.call);
    all.push(...results);
    const refused = reply.refusedBlocks ?? 0;
    const allOk = results.length === reply.blocks.length && results.every((r) => r.success);
    const feedback = formatBlockFeedback(results, reply.blocks.length - results.length) + tooManyBlocks(cfg, reply.blocks.length, refused);
    const observationsOnly = reply.blocks.every((b) => resultsToModel(definitions, b.tag));
    // A reply cut at the block limit is not finished: the model sends the rest next.
    if (allOk && refused > 0 && attempt < cfg.maxAttempts) {
      conversation.push({ role: 'user', content: feedback });
      continue;
    }
    if (allOk && (!observationsOnly || attempt === cfg.maxAttempts)) {
      conversation.push({ role: 'user', content: feedback });
      return outcome(cfg.agent, conversation, reply.text, reasoning, all, true);
    }
    if (allOk) {
      conversation.push({ role: 'user', content: `${feedback}\n\n${assemblePrompt(cfg.prompts, 'feedback/observed', cfg.vars)}` });
      continue;
    }
    const retry =
      attempt < cfg.maxAttempts ? `\n\n${assemblePrompt(cfg.prompts, 'feedback/retry', { ...cfg.vars, attempt: String(attempt), maxAttempts: String(cfg.maxAttempts) })}` : '';
    conversation.push({ role: 'user', content: feedback + retry });
  }
  const failed = [...all].reverse().find((r) => !r.success);
  const summary = giveUpAnswer(cfg.maxAttempts, all, failed, lastText);
  return outcome(cfg.agent, conversation, summary, reasoning, all, false);
}

/**
 * What the loop does with a reply: run its blocks; tell the model (once) which tags run when its
 * only code is in a language nothing runs here; or take it as the answer or a question for the user.
 */
export function replyMove(reply: Pick<ModelReply, 'blocks' | 'foreignTags'>, alreadyTold: boolean): 'run' | 'tell' | 'answer' {
  if (reply.blocks.length > 0) return 'run';
  return (reply.foreignTags ?? []).length > 0 && !alreadyTold ? 'tell' : 'answer';
}

function foreignTagsFeedback(cfg: CodeLoopConfig, foreign: readonly string[], definitions: readonly ToolDefinition[]): string {
  const list = [...new Set(foreign)].map((t) => `\`${t}\``).join(', ');
  return assemblePrompt(cfg.prompts, 'feedback/foreign-tags', { ...cfg.vars, foreign: list, runnable: describeTools(definitions) });
}

/** Feedback on the blocks past the per-reply limit; the reply kept exactly `kept` (the limit) when some were refused. */
function tooManyBlocks(cfg: CodeLoopConfig, kept: number, refused: number): string {
  if (refused === 0) return '';
  const maxBlocks = String(kept);
  return `\n\n${assemblePrompt(cfg.prompts, 'feedback/too-many-blocks', { ...cfg.vars, maxBlocks, refused: String(refused) })}`;
}

function giveUpAnswer(maxAttempts: number, all: readonly BlockResult[], failed: BlockResult | undefined, lastText: string): string {
  const okCount = all.filter((r) => r.success).length;
  const lines = [
    `I could not complete this task in ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}.`,
    `Blocks run: ${all.length} (${okCount} succeeded, ${all.length - okCount} did not).`,
  ];
  if (failed) {
    const firstLine = failed.output.trim().split('\n').slice(-3).join(' ').slice(0, 300);
    lines.push(
      `The last failure was a ${failed.tool} block (${failed.status}${failed.exitCode !== null ? `, exit status ${failed.exitCode}` : ''})${firstLine ? `: ${firstLine}` : '.'}`,
    );
  }
  if (lastText.trim()) lines.push('', 'My last attempt was:', '', lastText.trim());
  return lines.join('\n');
}

function outcome(agent: AgentName, conversation: ChatMessage[], answer: string, reasoning: string, blocks: readonly BlockResult[], success: boolean): AgentOutcome {
  const files = blocks.map((b) => b.savedTo).filter((p): p is string => !!p);
  const memory = [...conversation];
  if (!success) memory.push({ role: 'assistant', content: answer });
  return { agent, answer, reasoning, memory, success, artifacts: { files } };
}
