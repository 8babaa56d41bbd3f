// Agents as data: a prompt file, the tools they may use, their limits. The engine does the rest.
import type { AgentName } from '../../common/agents.js';
import type { Agent, AgentContext, AgentOutcome } from '../agent.js';
import { assemblePrompt, type PromptSource, type PromptVars } from '../prompts.js';
import type { Tool } from '../ports.js';
import { runCodeLoop } from './codeLoop.js';

export interface AgentEnvironment {
  prompts: PromptSource;
  os: string;
  /** Languages whose toolchains are installed here. */
  languages: () => readonly string[];
  /** Every tool available now, by tag (interpreters, file_finder, mcp, …). */
  tools: () => readonly Tool[];
  maxAttempts: () => number;
  date: () => string;
  /** Extra prompt slots an agent needs (the mcp tool list). */
  extraVars?: (agent: AgentName) => Promise<Record<string, string>>;
}

export interface ToolAgentSpec {
  name: AgentName;
  prompt: string;
  /** One model call, no tools (casual). */
  single?: boolean;
}

export const TOOL_AGENT_SPECS: readonly ToolAgentSpec[] = [
  { name: 'casual', prompt: 'casual', single: true },
  { name: 'coder', prompt: 'coder' },
  { name: 'file', prompt: 'file' },
  { name: 'mcp', prompt: 'mcp' },
];

export function promptVars(env: AgentEnvironment, ctx: Pick<AgentContext, 'workspace' | 'language'>): PromptVars {
  return { os: env.os, workspace: ctx.workspace, languages: env.languages(), language: ctx.language, date: env.date() };
}

export function createToolAgent(spec: ToolAgentSpec, env: AgentEnvironment): Agent {
  return {
    name: spec.name,
    async run(ctx: AgentContext): Promise<AgentOutcome> {
      // The installed block tools whose definitions name this agent; only they are taught and run.
      const tools = spec.single ? [] : env.tools().filter((t) => t.definition.invokedBy === 'block' && t.definition.agents.includes(spec.name));
      const base = { ...promptVars(env, ctx), ...(await env.extraVars?.(spec.name)) };
      // Only the tools present on this machine are taught, each by the prompt file its definition names.
      const prompts = tools.map((t) => t.definition.prompt).filter((p): p is string => typeof p === 'string');
      const toolDocs = prompts.map((p) => assemblePrompt(env.prompts, p, base).trim()).join('\n\n');
      const vars = { ...base, toolDocs };
      const system = assemblePrompt(env.prompts, spec.prompt, vars);
      if (spec.single) {
        const reply = await ctx.callModel([{ role: 'system', content: system }, ...ctx.history, { role: 'user', content: ctx.request }]);
        return {
          agent: spec.name,
          answer: reply.text,
          reasoning: reply.reasoning,
          memory: [
            { role: 'user', content: ctx.request },
            { role: 'assistant', content: reply.text },
          ],
          success: true,
        };
      }
      return runCodeLoop(ctx, { agent: spec.name, system, tools, maxAttempts: env.maxAttempts(), prompts: env.prompts, vars });
    },
  };
}
