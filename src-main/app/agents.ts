// The agent registry: every AgentName resolves to an agent built from its definition.
import { needsMcpServer, PLANNER, type AgentName } from '../common/agents.js';
import { AppError } from '../common/errors.js';
import type { Agent } from '../core/agent.js';
import { createToolAgent, TOOL_AGENT_SPECS, type AgentEnvironment } from '../core/agents/definitions.js';
import type { PromptSource } from '../core/prompts.js';
import type { Adapters } from './adapters.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';

export function createAgentRegistry(deps: { prompts: PromptSource; adapters: Adapters; settings: SettingsStore; os: string }): (name: AgentName) => Agent {
  const { prompts, adapters, settings } = deps;
  const env: AgentEnvironment = {
    prompts,
    os: deps.os,
    languages: () => adapters.languages,
    tools: () => adapters.tools(),
    maxAttempts: () => settings.get().maxAttempts,
    date: () => new Date().toISOString().slice(0, 10),
    extraVars: async (agent): Promise<Record<string, string>> => (needsMcpServer(agent) ? { tools: await adapters.mcpToolList() } : {}),
  };
  const agents = new Map<AgentName, Agent>();
  for (const spec of TOOL_AGENT_SPECS) agents.set(spec.name, createToolAgent(spec, env));
  agents.set('web', adapters.webAgent(env));
  agents.set(PLANNER, adapters.plannerAgent(env));
  return (name) => {
    const agent = agents.get(name);
    if (!agent) throw new AppError('BAD_INPUT', `No agent named ${name}.`);
    return agent;
  };
}
