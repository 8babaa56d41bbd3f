// The planner through the real engine: sub-agents, dependency order, corrections, re-planning, stop.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const plan = (steps: unknown[]) => fence('json', JSON.stringify({ plan: steps }));
const lastPlan = (t: TestApp, turnId: string) => t.of('plan.updated', turnId).at(-1)!.steps;
const seenBy = (t: TestApp, call: number) =>
  t
    .replay()
    .calls[call]!.map((m) => m.content)
    .join('\n');

describe('planner', () => {
  it('runs steps in dependency order and hands each step the results it needs', async () => {
    t = await startTestApp([
      plan([
        { id: 'b', agent: 'coder', task: 'Print the number from step a times two', need: ['a'] },
        { id: 'a', agent: 'casual', task: 'Pick a number', need: null },
      ]),
      'I pick THE-NUMBER-21.',
      'NO_UPDATE',
      fence('python', 'print(21 * 2)'),
    ]);
    const out = await t.turn(t.newSession(), 'pick a number and double it', 'planner');
    expect(out.status).toBe('done');
    expect(lastPlan(t, out.turnId).map((s) => [s.id, s.status])).toEqual([
      ['b', 'done'],
      ['a', 'done'],
    ]);
    // Call 2 is step a (casual), call 4 is step b (coder): it saw step a's result, and no session memory.
    expect(seenBy(t, 1)).toContain('Pick a number');
    expect(seenBy(t, 3)).toContain('THE-NUMBER-21');
    expect(seenBy(t, 3)).not.toContain('pick a number and double it');
    expect(out.answer).toMatch(/All 2 steps of the plan are done/);
    expect(t.app.store.listTurns(t.of('turn.started')[0]!.sessionId!)[0]!.plan).toHaveLength(2);
  });

  it.each([
    ['an unknown agent', [{ id: '1', agent: 'wizard', task: 'x', need: [] }], /"wizard", which does not exist/],
    [
      'a duplicate id',
      [
        { id: '1', agent: 'casual', task: 'x' },
        { id: '1', agent: 'casual', task: 'y' },
      ],
      /Step id "1" is used more than once/,
    ],
    ['a missing dependency', [{ id: '1', agent: 'casual', task: 'x', need: ['9'] }], /needs "9", but no step has that id/],
    [
      'a cycle',
      [
        { id: '1', agent: 'casual', task: 'x', need: ['2'] },
        { id: '2', agent: 'casual', task: 'y', need: ['1'] },
      ],
      /in a cycle/,
    ],
  ])('sends %s back to the model with the exact problem, then runs the corrected plan', async (_name, bad, problem) => {
    t = await startTestApp([plan(bad), plan([{ id: '1', agent: 'casual', task: 'Say ok', need: [] }]), 'ok']);
    const out = await t.turn(t.newSession(), 'do it', 'planner');
    expect(out.status).toBe('done');
    expect(seenBy(t, 1)).toMatch(problem);
    expect(lastPlan(t, out.turnId)).toHaveLength(1);
  });

  it('ends with an honest message after repeated unusable plans', async () => {
    t = await startTestApp(['no plan', 'still none', 'nope', 'UNUSED']);
    const out = await t.turn(t.newSession(), 'do it', 'planner');
    expect(out.status).toBe('done');
    expect(out.answer).toMatch(/could not make a usable plan/);
    expect(out.llmCalls).toBe(3);
  });

  it('a-failed-step-triggers-re-planning (and the new plan runs)', async () => {
    t = await startTestApp(
      [
        plan([
          { id: '1', agent: 'coder', task: 'Run the broken script', need: [] },
          { id: '2', agent: 'casual', task: 'Report the result of 1', need: ['1'] },
        ]),
        fence('bash', 'exit 3'),
        fence('json', JSON.stringify({ plan: [{ id: '3', agent: 'coder', task: 'Write a working script instead', need: [] }] })),
        fence('bash', 'echo recovered'),
      ],
      { settings: { maxAttempts: 1 } },
    );
    const out = await t.turn(t.newSession(), 'fix things', 'planner');
    const steps = lastPlan(t, out.turnId);
    expect(steps.map((s) => [s.id, s.status])).toEqual([
      ['1', 'failed'],
      ['3', 'done'],
    ]);
    expect(seenBy(t, 2)).toMatch(/Step 1 \(coder\) FAILED/);
  });

  it('NO_UPDATE keeps the rest of the plan', async () => {
    t = await startTestApp([
      plan([
        { id: '1', agent: 'casual', task: 'A', need: [] },
        { id: '2', agent: 'casual', task: 'B', need: ['1'] },
      ]),
      'done A',
      'NO_UPDATE',
      'done B',
    ]);
    const out = await t.turn(t.newSession(), 'a then b', 'planner');
    expect(lastPlan(t, out.turnId).map((s) => [s.task, s.status])).toEqual([
      ['A', 'done'],
      ['B', 'done'],
    ]);
    // The revision check is not streamed into the chat.
    expect(t.of('reply.completed', out.turnId).map((r) => r.text)).not.toContain('NO_UPDATE');
  });

  it('stop-reaches-the-running-sub-agent and kills its block', async () => {
    t = await startTestApp([plan([{ id: '1', agent: 'coder', task: 'sleep', need: [] }]), fence('bash', 'sleep 987.321')]);
    const session = t.newSession();
    const { turnId, done } = t.app.engine.send(session, 'sleep', 'planner');
    const start = Date.now();
    while (t.of('block.started', turnId).length === 0) {
      if (Date.now() - start > 60_000) throw new Error('block never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    t.app.engine.cancel(turnId);
    expect((await done).status).toBe('cancelled');
    const sleeping = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'latin1').includes('987.321');
        } catch {
          return false;
        }
      });
    expect(sleeping).toEqual([]);
  });
});
