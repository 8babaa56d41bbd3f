// A tiny scripted AgentContext for agent-loop tests: the "model" answers from a script (strings or
// functions of the last message), and every side effect (events, taint, approvals) is recorded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentContext, ModelReply } from '../../src-main/core/agent.js';
import type { ApprovalRequest, ChatMessage, LlmProvider } from '../../src-main/core/ports.js';
import type { PromptSource } from '../../src-main/core/prompts.js';
import type { EventInput } from '../../src-main/common/events.js';
import { silentLogger } from '../../src-main/node/logger.js';

export type ScriptStep = string | ((lastMessage: string) => string);

export interface ScriptedContext extends AgentContext {
  /** Every message list the model was called with. */
  calls: ChatMessage[][];
  events: EventInput[];
  approvals: ApprovalRequest[];
  taintSources: string[];
}

export function filePromptSource(root = join(import.meta.dirname, '../../prompts')): PromptSource {
  return { get: (name) => readFileSync(join(root, `${name}.md`), 'utf8') };
}

export function scriptedAgentContext(options: { request: string; script: ScriptStep[]; approve?: boolean; language?: string; contextSize?: number }): ScriptedContext {
  const script = [...options.script];
  const llm: LlmProvider = {
    info: async () => ({ kind: 'scripted', model: 'script', local: true, contextSize: options.contextSize ?? 8192, tokenizer: 'estimate' }),
    complete: async () => {
      throw new Error('scripted context: use callModel');
    },
    countTokens: async (text) => Math.ceil(text.length / 4),
  };
  const ctx: ScriptedContext = {
    sessionId: 's1',
    turnId: 't1',
    request: options.request,
    language: options.language ?? 'en',
    workspace: '/tmp',
    history: [],
    signal: new AbortController().signal,
    logger: silentLogger,
    llm,
    calls: [],
    events: [],
    approvals: [],
    taintSources: [],
    tainted: false,
    emit: (event) => void ctx.events.push(event),
    askUser: async (request) => {
      ctx.approvals.push(request);
      return options.approve ?? false;
    },
    async callModel(messages): Promise<ModelReply> {
      ctx.calls.push(messages);
      const step = script.shift();
      if (step === undefined) throw new Error(`scripted context: script exhausted after ${ctx.calls.length - 1} calls`);
      const text = typeof step === 'string' ? step : step(messages.at(-1)?.content ?? '');
      return { text, reasoning: '', truncated: false, call: ctx.calls.length, blocks: [] };
    },
    runBlocks: async () => {
      throw new Error('scripted context: runBlocks was not expected');
    },
    runSubAgent: async () => {
      throw new Error('scripted context: runSubAgent was not expected');
    },
    markTainted(source) {
      ctx.taintSources.push(source);
      (ctx as { tainted: boolean }).tainted = true;
    },
  };
  return ctx;
}
