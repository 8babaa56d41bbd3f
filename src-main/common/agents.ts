/** Every agent that exists. The router's labels and the planner's step agents are subsets of this list. */
export const AGENT_NAMES = ['casual', 'coder', 'file', 'web', 'planner', 'mcp'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];
export const AGENT_CHOICES = ['auto', ...AGENT_NAMES] as const;
export type AgentChoice = (typeof AGENT_CHOICES)[number];

export const COMPLEXITIES = ['LOW', 'HIGH'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];
