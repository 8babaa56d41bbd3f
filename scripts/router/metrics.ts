// Accuracy of the router on labelled examples through the real inference path (OnnxRouter +
// the routing policy), broken down by language, with confusion matrices.
import type { AgentName } from '../../src-main/common/agents.js';
import { decideRouteDetailed, type RouteRule } from '../../src-main/core/routing/policy.js';
import type { OnnxRouter } from '../../src-main/node/routing/onnxRouter.js';
import type { Example } from './dataset.js';

export const FINAL_AGENTS: readonly AgentName[] = ['casual', 'coder', 'file', 'web', 'mcp', 'planner'];

export interface Tally {
  n: number;
  agent: number;
  /** Agent head on LOW examples only (on HIGH ones the planner runs whatever it says). */
  agentLowN: number;
  agentLow: number;
  complexity: number;
  /** Final agent through the policy (planner when HIGH). */
  final: number;
  /** Final agent from the raw argmax, without the policy's rules. */
  finalRaw: number;
  language: number;
}

export interface Evaluation {
  overall: Tally;
  byLanguage: Map<string, Tally>;
  /** truth → predicted → count, over FINAL_AGENTS. */
  finalConfusion: Map<string, Map<string, number>>;
  agentConfusion: Map<string, Map<string, number>>;
  rules: Map<RouteRule, number>;
  misses: Array<{ text: string; lang: string; truth: string; predicted: string }>;
}

const emptyTally = (): Tally => ({ n: 0, agent: 0, agentLowN: 0, agentLow: 0, complexity: 0, final: 0, finalRaw: 0, language: 0 });

export const finalTruth = (e: Pick<Example, 'agent' | 'complexity'>): AgentName => (e.complexity === 'HIGH' ? 'planner' : e.agent);

function bump(matrix: Map<string, Map<string, number>>, truth: string, predicted: string): void {
  const row = matrix.get(truth) ?? new Map<string, number>();
  row.set(predicted, (row.get(predicted) ?? 0) + 1);
  matrix.set(truth, row);
}

function best(record: Record<string, number>): string {
  return Object.entries(record).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

export async function evaluate(router: OnnxRouter, examples: Example[]): Promise<Evaluation> {
  const result: Evaluation = { overall: emptyTally(), byLanguage: new Map(), finalConfusion: new Map(), agentConfusion: new Map(), rules: new Map(), misses: [] };
  for (const e of examples) {
    const scores = await router.classify(e.text, '?');
    const outcome = decideRouteDetailed(scores, { mcpConfigured: true, text: e.text });
    const agentHead = best(scores.agent);
    const complexity = best(scores.complexity);
    const truth = finalTruth(e);
    const rawFinal = complexity === 'HIGH' ? 'planner' : agentHead;
    const tallies = [result.overall, result.byLanguage.get(e.lang) ?? emptyTally()];
    result.byLanguage.set(e.lang, tallies[1]!);
    for (const t of tallies) {
      t.n++;
      t.agent += agentHead === e.agent ? 1 : 0;
      if (e.complexity === 'LOW') {
        t.agentLowN++;
        t.agentLow += agentHead === e.agent ? 1 : 0;
      }
      t.complexity += complexity === e.complexity ? 1 : 0;
      t.final += outcome.decision.agent === truth ? 1 : 0;
      t.finalRaw += rawFinal === truth ? 1 : 0;
      t.language += scores.language === e.lang ? 1 : 0;
    }
    bump(result.finalConfusion, truth, outcome.decision.agent);
    bump(result.agentConfusion, e.agent, agentHead);
    result.rules.set(outcome.rule, (result.rules.get(outcome.rule) ?? 0) + 1);
    if (outcome.decision.agent !== truth) result.misses.push({ text: e.text, lang: e.lang, truth, predicted: outcome.decision.agent });
  }
  return result;
}

export const ratio = (hits: number, n: number): number => (n === 0 ? NaN : hits / n);
export const pct = (hits: number, n: number): string => (n === 0 ? 'n/a' : `${((100 * hits) / n).toFixed(1)} %`);
