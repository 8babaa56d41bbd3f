// With the embedded model the plan is generated under a JSON-schema grammar: even a random-weight
// model can only write a plan of the right shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planJsonSchema, parsePlan } from '../../../src-main/core/planner/plan.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

let provider: LlamaCppProvider;
beforeAll(() => {
  provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 3 });
});
afterAll(async () => {
  await provider.dispose();
});

describe('grammar-constrained plans', () => {
  it('yields JSON that matches the plan schema, with known agents only', { timeout: 120_000 }, async () => {
    const agents = ['coder', 'file', 'web', 'casual'];
    const completion = await provider.complete({
      messages: [
        { role: 'system', content: 'Write a plan.' },
        { role: 'user', content: 'Find an API and write a script.' },
      ],
      signal: AbortSignal.timeout(100_000),
      jsonSchema: planJsonSchema(agents),
      maxTokens: 1500,
    });
    const data = JSON.parse(completion.text) as { plan: { agent: string; id: string; task: string; need: string[] }[] };
    expect(Array.isArray(data.plan)).toBe(true);
    expect(data.plan.length).toBeGreaterThan(0);
    for (const step of data.plan) {
      expect(agents).toContain(step.agent);
      expect(typeof step.id).toBe('string');
      expect(Array.isArray(step.need)).toBe(true);
    }
    // The same text goes through the planner's own parser (graph checks may still ask for fixes).
    const parsed = parsePlan(completion.text, { agents });
    if (!parsed.ok) expect(parsed.problems.join(' ')).not.toMatch(/not valid JSON|expected shape/);
  });
});
