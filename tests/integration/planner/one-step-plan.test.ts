// A one-step plan costs the plan and the step: its agent gets the user's own words, its answer is
// the turn's answer, and no revision call is made (issue 18, item 13).
import { afterEach, describe, expect, it } from 'vitest';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('one-step plan', () => {
  it('runs its agent directly on the request, with no revision call and no plan summary', async () => {
    const request = 'write a python script that prints hello and save it as hello.py';
    t = await startTestApp([
      fence('json', JSON.stringify({ plan: [{ id: '1', agent: 'coder', task: 'Write hello.py', need: [] }] })),
      `Saved it.\n${fence('python', 'print("hello")')}`,
      'UNUSED: a revision call would read this',
    ]);
    const out = await t.turn(t.newSession(), request, 'planner');
    expect(out.status).toBe('done');
    expect(t.replay().remaining).toBe(1);
    // The coder saw the user's words, not the planner's paraphrase.
    expect(t.replay().calls[1]!.at(-1)!.content).toContain(request);
    expect(out.answer).not.toMatch(/steps of the plan are done/);
    const steps = t.of('plan.updated', out.turnId).at(-1)!.steps;
    expect(steps.map((s) => [s.id, s.status])).toEqual([['1', 'done']]);
  });
});
