/// <reference lib="dom" />
// The model self-test's kept result in the real renderer over the web host (issue 25): a turn routed
// to an agent the configured model failed shows the warning, one it passed does not; Settings →
// Models shows the score per agent and the date.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

/** What `agentic models test` keeps for the model configured in settings.json (kind replay, model weak). */
function seed(home: string): void {
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ provider: { kind: 'replay', model: 'weak' } }));
  mkdirSync(join(home, 'model-tests'), { recursive: true });
  const agents = [
    { agent: 'casual', passed: false, score: 0.33, seconds: 4.1, failed: ['is right (Rome)', "answers in the request's language"] },
    { agent: 'coder', passed: true, score: 1, seconds: 12.5, failed: [] },
  ];
  const date = new Date(Date.now() - 3_600_000).toISOString();
  const kept = { date, summary: true, model: 'replay-weak', score: 0.67, passed: 1, of: 2, seconds: 17, interrupted: false, agents };
  writeFileSync(join(home, 'model-tests', 'replay-weak.json'), JSON.stringify(kept, null, 2));
}

describe('model self-test results in the app', () => {
  it('warns on a turn routed to a failed agent, not on a passed one, and shows the result in Settings', { timeout: 180_000 }, async () => {
    const e = await open(['The capital of Italy is Milan, I think.', 'Here it is:\n```python\nprint(sum(i * i for i in range(1, 11)))\n```'], [], undefined, seed);
    const { page } = e;
    await sendAndFinish(page, 'What is the capital of Italy?', 'casual');
    const first = page.getByTestId('answer').last();
    await expect
      .poll(() => first.getByTestId('selftest-warning').textContent())
      .toMatch(/^This model failed the casual self-test on \d{4}-\d\d-\d\d \(score 0\.33\); answers may be unreliable\.$/);

    await sendAndFinish(page, 'Print the sum of the squares of 1 to 10 with Python', 'coder');
    // sendAndFinish can see the first answer's "done" before the second turn shows: wait for the second.
    await expect.poll(() => page.getByTestId('answer').count()).toBe(2);
    const second = page.getByTestId('answer').last();
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    await expect.poll(() => second.getByTestId('answer-agent').textContent()).toMatch(/coder/i);
    expect(await second.getByTestId('selftest-warning').count()).toBe(0);
    await screenshot(page, 'selftest-warning');

    await page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    const summary = page.getByTestId('selftest-summary');
    await expect.poll(() => summary.textContent()).toMatch(/1\/2 agents passed, score 0\.67/);
    const rows = summary.getByTestId('selftest-agent');
    expect(await rows.allTextContents()).toEqual(["✗ casual 0.33 (not: is right (Rome); answers in the request's language)", '✓ coder 1.00']);
    await screenshot(page, 'settings-selftest');
  });
});
