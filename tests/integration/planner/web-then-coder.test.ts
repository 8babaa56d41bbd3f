// The two-step plan: a web step (real Chromium, local SearxNG-shaped fixture) then a coder
// step whose prompt carries the web step's result. Web text taints the turn, so the coder's block
// asks for approval first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src-main/core/ports.js';
import { startFixtureServer, type FixtureServer } from '../../fixtures/web/server.js';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';

let fixtures: FixtureServer;
let t: TestApp | null = null;
beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(async () => {
  await t?.close();
  await fixtures.close();
});

describe('planner: web then coder', () => {
  it('runs the web step, hands its result to the coder step, and asks before running code after web text', { timeout: 180_000 }, async () => {
    const asked: ApprovalRequest[] = [];
    const plan = fence(
      'json',
      JSON.stringify({
        plan: [
          { id: 'w', agent: 'web', task: 'Find how sea otters use tools', need: [] },
          { id: 'c', agent: 'coder', task: 'Print the tool the web step found', need: ['w'] },
        ],
      }),
    );
    t = await startTestApp(
      [
        plan,
        'SEARCH: sea otters tools',
        'OPEN: 1',
        'NOTE: Sea otters crack shellfish with STONES-AS-TOOLS.\nDONE\nSea otters use STONES-AS-TOOLS to crack shellfish.',
        'NO_UPDATE',
        fence('python', 'print("stones")'),
      ],
      { settings: { searxngUrl: `${fixtures.origin}/searx` }, askUser: async (r) => (asked.push(r), true) },
    );
    const out = await t.turn(t.newSession(), 'find how otters use tools, then print it with python', 'planner');
    expect(out.status).toBe('done');
    const steps = t.of('plan.updated', out.turnId).at(-1)!.steps;
    expect(steps.map((s) => [s.id, s.status])).toEqual([
      ['w', 'done'],
      ['c', 'done'],
    ]);
    // The coder's model call (the last one) carried the web step's result and its source.
    const coderCall = t
      .replay()
      .calls.at(-1)!
      .map((m) => m.content)
      .join('\n');
    expect(coderCall).toContain('STONES-AS-TOOLS');
    expect(coderCall).toContain(`${fixtures.origin}/article`);
    expect(asked.map((a) => a.tool)).toEqual(['python']);
    expect(t.of('block.finished', out.turnId).at(-1)).toMatchObject({ tool: 'python', status: 'ok' });
    expect(fixtures.requests.some((r) => r.startsWith('/article'))).toBe(true);
  });
});
