// The routing policy: the classifier's scores plus the situation → the agent that runs.
//
// Rules, in order:
//  1. The user's explicit agent choice wins (the router's scores are then only used for the language).
//  2. A very short greeting or thanks goes to casual.
//  3. Complexity HIGH (several steps across agents) goes to the planner.
//  4. mcp is only chosen when MCP servers are configured; otherwise the next best agent.
//  5. When even the best agent is unlikely (below AGENT_CONFIDENCE_FLOOR), the request goes to
//     casual: the safer choice, because the casual agent runs no tool (no code, no file change,
//     no browsing), answers in words and can tell the user which agent to pick. A wrong specialist
//     would act; a wrong casual answer costs one message.
import { AGENTS, needsMcpServer, PLANNER, type AgentChoice, type AgentName, type Complexity } from '../../common/agents.js';
import type { RoutingDecision } from '../../common/events.js';
import type { ClassifierScores } from '../ports.js';
import { matchGreeting } from './greetings.js';

type RoutedAgent = Extract<(typeof AGENTS)[number], { routed: true }>['id'];
/**
 * The agents the classifier's agent head can name, in the order the router is trained with (the
 * table's). planner is reached through complexity.
 */
export const ROUTER_AGENT_LABELS = AGENTS.flatMap((a) => (a.routed ? [a.id] : [])) as [RoutedAgent, ...RoutedAgent[]];

export const AGENT_CONFIDENCE_FLOOR = 0.4;
export const SAFE_FALLBACK_AGENT: AgentName = 'casual';

export interface RouteOptions {
  /** Whether at least one MCP server is configured (and so the mcp agent can do anything). */
  mcpConfigured: boolean;
  /** The agent the user picked for this request; 'auto' or absent lets the router decide. */
  userChoice?: AgentChoice;
  /** The request itself (for the greeting rule). */
  text: string;
  /** Override of AGENT_CONFIDENCE_FLOOR (evaluation, settings). */
  agentConfidenceFloor?: number;
}

/** Why the agent was chosen, in the terms of the agent.selected event. */
export type RouteReason = 'user' | 'router' | 'fallback' | 'planner';
export type RouteRule = 'user-choice' | 'greeting' | 'complexity-high' | 'model' | 'mcp-unavailable' | 'low-confidence';

export interface RouteOutcome {
  decision: RoutingDecision;
  reason: RouteReason;
  rule: RouteRule;
}

const ROUTED: ReadonlySet<string> = new Set(ROUTER_AGENT_LABELS);

export function decideRouteDetailed(scores: ClassifierScores, opts: RouteOptions): RouteOutcome {
  const language = scores.language;
  const pHigh = scores.complexity.HIGH;
  const decide = (agent: AgentName, complexity: Complexity, agentConf: number, complexityConf: number) =>
    ({ agent, complexity, language, confidence: { agent: agentConf, complexity: complexityConf } }) satisfies RoutingDecision;

  if (opts.userChoice && opts.userChoice !== 'auto') {
    const complexity: Complexity = opts.userChoice === PLANNER ? 'HIGH' : 'LOW';
    return { decision: decide(opts.userChoice, complexity, 1, 1), reason: 'user', rule: 'user-choice' };
  }
  if (matchGreeting(opts.text)) {
    return { decision: decide('casual', 'LOW', 1, 1), reason: 'router', rule: 'greeting' };
  }
  if (pHigh >= 0.5) {
    return { decision: decide(PLANNER, 'HIGH', pHigh, pHigh), reason: 'planner', rule: 'complexity-high' };
  }
  const pLow = scores.complexity.LOW;
  const ranked = rankAgents(scores.agent, opts.mcpConfigured);
  const best = ranked.candidates[0];
  const floor = opts.agentConfidenceFloor ?? AGENT_CONFIDENCE_FLOOR;
  if (!best || best.probability < floor) {
    return { decision: decide(SAFE_FALLBACK_AGENT, 'LOW', best?.probability ?? 0, pLow), reason: 'fallback', rule: 'low-confidence' };
  }
  const rule: RouteRule = ranked.mcpDropped ? 'mcp-unavailable' : 'model';
  return { decision: decide(best.agent, 'LOW', best.probability, pLow), reason: 'router', rule };
}

interface RankedAgents {
  /** Allowed agents, most likely first, probabilities renormalised over the allowed ones. */
  candidates: Array<{ agent: AgentName; probability: number }>;
  /** True when mcp was the model's first choice but cannot run. */
  mcpDropped: boolean;
}

function rankAgents(probabilities: Record<string, number>, mcpConfigured: boolean): RankedAgents {
  const all = Object.entries(probabilities)
    .filter((entry): entry is [AgentName, number] => ROUTED.has(entry[0]))
    .sort((a, b) => b[1] - a[1]);
  const allowed = all.filter(([agent]) => mcpConfigured || !needsMcpServer(agent));
  const total = allowed.reduce((sum, [, p]) => sum + p, 0);
  return {
    candidates: allowed.map(([agent, p]) => ({ agent, probability: total > 0 ? p / total : 0 })),
    mcpDropped: !mcpConfigured && needsMcpServer(all[0]?.[0] ?? ''),
  };
}
