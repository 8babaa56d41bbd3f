// A model's plan reaches the planner's graph code unfiltered. A 20,000-step dependency chain
// overflowed the stack in the cycle check (recursion), and a 3,000-step skip cascade took a pass
// over the plan per link (69 s). The graph code must be iterative and linear: the chain parses, its
// cycle is found, and a skip cascade costs a bounded number of step reads per step.
import { describe, expect, it } from 'vitest';
import { findCycle, parsePlan, type PlanStep } from '../../src-main/core/planner/plan.js';
import { nextRunnable, type StepState } from '../../src-main/core/planner/schedule.js';

const agents = ['coder', 'file', 'web', 'casual'];

/** Step i needs step i+1: the plan lists the chain's end last, as a model that plans backwards does. */
function chain(n: number): PlanStep[] {
  return Array.from({ length: n }, (_, i) => ({ id: `s${i}`, agent: 'coder', task: `part ${i}`, need: i + 1 < n ? [`s${i + 1}`] : [] }));
}

describe('planner graph code is iterative and linear', () => {
  it('a 20,000-step dependency chain in a model reply parses without overflowing the stack', () => {
    const json = JSON.stringify({ plan: chain(20_000) });
    const parsed = parsePlan(json, { agents });
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.steps).toHaveLength(20_000);
  });

  it('finds the cycle closing a 20,000-step chain', () => {
    const steps = chain(20_000);
    steps[19_999]!.need = ['s0'];
    const cycle = findCycle(steps);
    expect(cycle).not.toBeNull();
    expect(cycle!.length).toBe(20_001);
    expect(cycle![0]).toBe(cycle![cycle!.length - 1]);
    const parsed = parsePlan(JSON.stringify({ plan: steps }), { agents });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems.join(' ')).toMatch(/depend on each other in a cycle/);
  });

  it('a 3,000-step skip cascade reads each step a bounded number of times', () => {
    const n = 3_000;
    let reads = 0;
    const steps: StepState[] = chain(n).map((step, i) => {
      let status: StepState['status'] = i === n - 1 ? 'failed' : 'pending';
      // Counts how often the scheduler looks at a step: work, not time, so the check is exact.
      return Object.defineProperty({ ...step, output: '' } as StepState, 'status', {
        get: () => (reads++, status),
        set: (next: StepState['status']) => void (status = next),
        enumerable: true,
      });
    });
    expect(nextRunnable(steps)).toBeNull();
    expect(steps.slice(0, n - 1).every((s) => s.status === 'skipped')).toBe(true);
    expect(steps[0]!.output).toMatch(/Skipped/);
    expect(reads).toBeLessThan(20 * n);
  });
});
