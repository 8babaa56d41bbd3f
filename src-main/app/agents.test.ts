import { describe, expect, it } from 'vitest';
import { AGENT_NAMES } from '../common/agents.js';
import type { Agent } from '../core/agent.js';
import type { Adapters } from './adapters.js';
import { createAgentRegistry } from './agents.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';

// A row in common/agents.ts without a definition would compile and fail only when someone picks it.
describe('the agent registry', () => {
  it('builds an agent for every row of the agent table', () => {
    const ownLoop = (name: string) => (): Agent => ({ name: name as Agent['name'], run: () => Promise.reject(new Error('not run here')) });
    const adapters = { languages: [], tools: () => [], mcpToolList: async () => '', webAgent: ownLoop('web'), plannerAgent: ownLoop('planner') } as unknown as Adapters;
    const settings = { get: () => ({ maxAttempts: 3 }) } as unknown as SettingsStore;
    const registry = createAgentRegistry({ prompts: { get: () => '' }, adapters, settings, os: 'linux' });
    for (const name of AGENT_NAMES) expect(registry(name).name).toBe(name);
  });
});
