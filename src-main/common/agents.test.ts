import { describe, expect, it } from 'vitest';
import { AGENT_CHOICES, AGENT_NAMES, AGENTS, changesWorkspace, PLANNER, planStepAgentList, planStepAgents } from './agents.js';

describe('the agent table', () => {
  it('names each agent once, and never "auto" (the picker’s choice for the router)', () => {
    expect(new Set(AGENT_NAMES).size).toBe(AGENTS.length);
    expect(AGENT_NAMES).not.toContain('auto');
    expect(AGENT_CHOICES).toEqual(['auto', ...AGENT_NAMES]);
  });

  it('gives the planner its step agents in the prompt’s order, mcp only with a server configured', () => {
    expect(planStepAgents(false)).toEqual(['coder', 'file', 'web', 'casual']);
    expect(planStepAgents(true)).toEqual(['coder', 'file', 'web', 'casual', 'mcp']);
    expect(
      planStepAgentList()
        .split('\n')
        .map((line) => line.slice(2, line.indexOf(':'))),
    ).toEqual(planStepAgents(true));
  });

  it('has exactly one planning agent, and checkpoints every agent but the text-only one (unknown names too)', () => {
    expect(AGENTS.filter((a) => a.plans).map((a) => a.id)).toEqual([PLANNER]);
    expect(AGENT_NAMES.filter((a) => !changesWorkspace(a))).toEqual(['casual']);
    expect(changesWorkspace('an-agent-from-a-newer-version')).toBe(true);
  });

  it('never lets a plan step start another planner', () => {
    expect(planStepAgents(true)).not.toContain('planner');
  });
});
