// The one table of agents. Every other list of them is derived from it: the contract's enums, the
// agent picker, the CLI's usage text, the router's labels, the planner's step agents and the agent
// list in its prompt. A new agent is a row here, its prompt file and its definition in core/agents.
import { idsOf } from './table.js';

export interface AgentRow {
  readonly id: string;
  /** What people see (the agent picker). */
  readonly label: string;
  /**
   * A label of the router's agent head (resources/router). The planner is not: it is reached through
   * the complexity head. Adding one means retraining the router with examples for it.
   */
  readonly routed: boolean;
  /**
   * The planner may give it steps. `description` is how the planner's prompt presents it; `order`
   * its place in that prompt (most used first, as the prompt was written and snapshot-tested).
   */
  readonly step: { readonly order: number; readonly description: string } | null;
  /** It can do nothing without a configured MCP server: neither the router nor the planner picks it then. */
  readonly needsMcpServer: boolean;
  /** It may change the workspace (blocks, tools, sub-agents), so its turns are checkpointed for undo. */
  readonly changesWorkspace: boolean;
  /**
   * It splits a task into steps for the other agents: the router's complexity head reaches it, a
   * user's choice of it means a complex task, and it may not start another agent of its kind.
   */
  readonly plans: boolean;
  /**
   * It reads workspace files by ranges itself (file_finder, code, or steps that do): a request too
   * large for the context is handed to it as a file, not digested part by part, unless the task
   * needs the whole text.
   */
  readonly readsFiles: boolean;
}

/** In the order people see them. */
export const AGENTS = [
  {
    id: 'casual',
    label: 'Casual',
    routed: true,
    step: { order: 4, description: 'writes or explains text with no tools.' },
    needsMcpServer: false,
    changesWorkspace: false,
    plans: false,
    readsFiles: false,
  },
  {
    id: 'coder',
    label: 'Coder',
    routed: true,
    step: { order: 1, description: 'writes and runs programs (Python, shell, …) and saves files in the workspace.' },
    needsMcpServer: false,
    changesWorkspace: true,
    plans: false,
    readsFiles: true,
  },
  {
    id: 'file',
    label: 'Files',
    routed: true,
    step: { order: 2, description: 'finds, reads and organises files in the workspace.' },
    needsMcpServer: false,
    changesWorkspace: true,
    plans: false,
    readsFiles: true,
  },
  {
    id: 'web',
    label: 'Web',
    routed: true,
    step: { order: 3, description: 'searches the internet and reads web pages, then reports what it found with sources.' },
    needsMcpServer: false,
    changesWorkspace: true,
    plans: false,
    readsFiles: false,
  },
  { id: 'planner', label: 'Planner', routed: false, step: null, needsMcpServer: false, changesWorkspace: true, plans: true, readsFiles: true },
  {
    id: 'mcp',
    label: 'MCP tools',
    routed: true,
    step: { order: 5, description: 'uses the tools of connected external services (only when listed above).' },
    needsMcpServer: true,
    changesWorkspace: true,
    plans: false,
    readsFiles: false,
  },
] as const satisfies readonly AgentRow[];

type Agent = (typeof AGENTS)[number];
export type AgentName = Agent['id'];
export const AGENT_NAMES = idsOf(AGENTS);
export const AGENT_CHOICES = ['auto', ...AGENT_NAMES] as const;
export type AgentChoice = (typeof AGENT_CHOICES)[number];

const BY_ID: ReadonlyMap<string, AgentRow> = new Map(AGENTS.map((a) => [a.id, a]));

export const needsMcpServer = (id: string): boolean => BY_ID.get(id)?.needsMcpServer ?? false;
/** Unknown names count as changing the workspace: a checkpoint too many costs a scan, one too few loses undo. */
export const changesWorkspace = (id: string): boolean => BY_ID.get(id)?.changesWorkspace ?? true;

/** Unknown names do not: their large requests are digested, which works for any agent. */
export const readsFiles = (id: string): boolean => BY_ID.get(id)?.readsFiles ?? false;

type PlanningAgent = Extract<Agent, { plans: true }>;
/** The agent that plans (one row has `plans: true`; the type fails to compile if none does). */
export const PLANNER: PlanningAgent['id'] = AGENTS.find((a): a is PlanningAgent => a.plans)!.id;

type StepAgent = Extract<Agent, { step: object }>;
const STEP_AGENTS: readonly StepAgent[] = AGENTS.filter((a): a is StepAgent => a.step !== null).sort((a, b) => a.step.order - b.step.order);

/** The agents a plan step may name now, in the planner prompt's order. */
export function planStepAgents(mcpConfigured: boolean): AgentName[] {
  return STEP_AGENTS.filter((a) => mcpConfigured || !a.needsMcpServer).map((a) => a.id);
}

/** Every agent a plan step may ever name, one `- name: what it does` line each: the planner prompt's {{agentList}}. */
export function planStepAgentList(): string {
  return STEP_AGENTS.map((a) => `- ${a.id}: ${a.step.description}`).join('\n');
}

export const COMPLEXITIES = ['LOW', 'HIGH'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];
