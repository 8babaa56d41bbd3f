// Classifier + policy in one call: what the engine asks before each request.
import type { AgentChoice } from '../../common/agents.js';
import type { RoutingDecision } from '../../common/events.js';
import type { ClassifierScores, Logger } from '../ports.js';
import { decideRouteDetailed, type RouteOutcome } from './policy.js';

/** A RequestClassifier that may also take the language to assume when the text shows none. */
export interface LanguageAwareClassifier {
  classify(text: string, fallbackLanguage?: string): Promise<ClassifierScores>;
}

export interface RouteDeciderOptions {
  /** Read per request: MCP servers can be added while the app runs. */
  mcpConfigured: () => boolean;
  /** Language to assume when a request shows none (e.g. the session's last language). */
  fallbackLanguage?: () => string;
  logger?: Logger;
}

export type DetailedRouteDecider = (text: string, userChoice?: AgentChoice) => Promise<RouteOutcome>;

/** Decisions with their reason (for the agent.selected event) and the rule that made them. */
export function createDetailedRouteDecider(classifier: LanguageAwareClassifier, opts: RouteDeciderOptions): DetailedRouteDecider {
  return async (text, userChoice) => {
    const scores = await classifier.classify(text, opts.fallbackLanguage?.());
    const outcome = decideRouteDetailed(scores, { mcpConfigured: opts.mcpConfigured(), userChoice, text });
    opts.logger?.debug('router: decision', { agent: outcome.decision.agent, rule: outcome.rule, language: outcome.decision.language });
    return outcome;
  };
}

/** The RoutingDecision alone (agent is planner when complexity is HIGH). */
export function createRouteDecider(classifier: LanguageAwareClassifier, opts: RouteDeciderOptions): (text: string, userChoice?: AgentChoice) => Promise<RoutingDecision> {
  const detailed = createDetailedRouteDecider(classifier, opts);
  return async (text, userChoice) => (await detailed(text, userChoice)).decision;
}
