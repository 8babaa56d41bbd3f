import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_NAMES } from '../../common/agents.js';
import { RoutingDecisionSchema } from '../../common/events.js';
import type { ClassifierScores } from '../ports.js';
import { RouterManifestSchema } from './manifest.js';
import { DEFAULT_FEATURIZER_CONFIG } from './featurizer.js';
import { AGENT_CONFIDENCE_FLOOR, decideRouteDetailed, ROUTER_AGENT_LABELS, type RouteOptions } from './policy.js';

function scores(agent: Record<string, number>, high = 0.1, language = 'en'): ClassifierScores {
  const base = { casual: 0, coder: 0, file: 0, web: 0, mcp: 0 };
  return { agent: { ...base, ...agent }, complexity: { LOW: 1 - high, HIGH: high }, language };
}
const request = 'please do the thing with the stuff';
const decideRoute = (s: ClassifierScores, opts: RouteOptions) => decideRouteDetailed(s, opts).decision;

describe('router labels', () => {
  it('are exactly the shipped model’s labels, in its order (they come from the agent table; the model was trained on them)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../../resources/router/featurizer.json', import.meta.url), 'utf8')) as { labels: { agent: string[] } };
    expect([...ROUTER_AGENT_LABELS]).toEqual(shipped.labels.agent);
  });

  it('names only agents that exist (a label without an agent failed requests in the original)', () => {
    for (const label of ROUTER_AGENT_LABELS) expect(AGENT_NAMES).toContain(label);
  });

  it('refuses a model manifest whose labels name an agent that does not exist', () => {
    const manifest = {
      featurizer: DEFAULT_FEATURIZER_CONFIG,
      labels: { agent: ['casual', 'coder', 'talk'], complexity: ['LOW', 'HIGH'] },
      model: { embeddingDim: 4, hidden: 4, parameters: 10 },
    };
    expect(RouterManifestSchema.safeParse(manifest).success).toBe(false);
    manifest.labels.agent = ['casual', 'coder'];
    expect(RouterManifestSchema.safeParse(manifest).success).toBe(true);
  });

  it('never decides an agent outside AGENT_NAMES, even from scores with unknown labels', () => {
    const odd: ClassifierScores = { agent: { talk: 0.9, coder: 0.1 }, complexity: { LOW: 0.9, HIGH: 0.1 }, language: 'en' };
    const decision = decideRoute(odd, { mcpConfigured: true, text: request });
    expect(AGENT_NAMES).toContain(decision.agent);
    expect(decision.agent).toBe('coder');
  });
});

describe('decideRouteDetailed', () => {
  it('follows the model when it is sure, and reports a valid decision with the language', () => {
    const outcome = decideRouteDetailed(scores({ web: 0.9, coder: 0.1 }, 0.1, 'fr'), { mcpConfigured: false, text: request });
    expect(outcome).toMatchObject({ reason: 'router', rule: 'model' });
    expect(RoutingDecisionSchema.parse(outcome.decision)).toEqual({ agent: 'web', complexity: 'LOW', language: 'fr', confidence: { agent: 0.9, complexity: 0.9 } });
  });

  it('sends HIGH complexity to the planner whatever the agent head says', () => {
    const outcome = decideRouteDetailed(scores({ coder: 0.99 }, 0.8), { mcpConfigured: false, text: request });
    expect(outcome.decision).toMatchObject({ agent: 'planner', complexity: 'HIGH', confidence: { complexity: 0.8 } });
    expect(outcome.reason).toBe('planner');
  });

  it("lets the user's explicit choice win over a confident model", () => {
    const outcome = decideRouteDetailed(scores({ coder: 0.99 }, 0.9), { mcpConfigured: false, userChoice: 'web', text: request });
    expect(outcome.decision).toMatchObject({ agent: 'web', complexity: 'LOW', confidence: { agent: 1 } });
    expect(outcome.reason).toBe('user');
    expect(decideRoute(scores({ coder: 0.99 }), { mcpConfigured: false, userChoice: 'planner', text: request })).toMatchObject({ agent: 'planner', complexity: 'HIGH' });
  });

  it("treats the choice 'auto' as no choice", () => {
    expect(decideRoute(scores({ file: 0.8 }), { mcpConfigured: false, userChoice: 'auto', text: request }).agent).toBe('file');
  });

  it('sends a short greeting to casual even when the model would not', () => {
    for (const text of ['hi', 'Bonjour !', '你好', 'thanks a lot']) {
      const outcome = decideRouteDetailed(scores({ coder: 0.9 }, 0.7), { mcpConfigured: false, text });
      expect(outcome.decision.agent, text).toBe('casual');
      expect(outcome.rule).toBe('greeting');
    }
  });

  it('does not mistake a request that starts with a greeting for small talk', () => {
    expect(decideRoute(scores({ web: 0.9 }), { mcpConfigured: false, text: 'hello, search the weather in Paris' }).agent).toBe('web');
  });

  it('picks the next best agent when mcp wins but no MCP server is configured', () => {
    const s = scores({ mcp: 0.6, web: 0.3, coder: 0.1 });
    const without = decideRouteDetailed(s, { mcpConfigured: false, text: request });
    expect(without.decision.agent).toBe('web');
    expect(without.rule).toBe('mcp-unavailable');
    expect(without.decision.confidence.agent).toBeCloseTo(0.75); // renormalised without mcp
    expect(decideRoute(s, { mcpConfigured: true, text: request }).agent).toBe('mcp');
  });

  it('falls back to casual, which runs no tool, when no agent is likely enough', () => {
    const s = scores({ coder: 0.3, file: 0.28, web: 0.22, casual: 0.1, mcp: 0.1 });
    const outcome = decideRouteDetailed(s, { mcpConfigured: true, text: request });
    expect(outcome).toMatchObject({ reason: 'fallback', rule: 'low-confidence', decision: { agent: 'casual', confidence: { agent: 0.3 } } });
    expect(0.3).toBeLessThan(AGENT_CONFIDENCE_FLOOR);
    expect(decideRoute(s, { mcpConfigured: true, text: request, agentConfidenceFloor: 0.2 }).agent).toBe('coder');
  });
});
