/// <reference lib="dom" />
// Settings → Models → "Test this model" in the real renderer over the web host (issue 25): the
// battery runs on the app's own (Replay) provider, in a scratch workspace; the progress shows per
// agent; the result is kept and shown with its speed. Stop cancels the running task (a program that
// would sleep for five minutes) and the test ends as stopped. The user's workspace and sessions are
// never touched.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot } from '../helpers/e2e.js';
import { ROOT } from '../helpers/processes.js';

const open = closedAfterEach(openApp);
// Batteries in other test files run at the same time: this one's fixture page gets a port of its
// own, and the script opens the page there.
const PORT = '47294';
process.env.AGENTIC_SELFTEST_PORT = PORT;
const script = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/selftest', name), 'utf8')) as { responses: string[] }).responses.map((r) =>
    r.replaceAll('127.0.0.1:47291', `127.0.0.1:${PORT}`),
  );

async function openModels(page: import('playwright-core').Page): Promise<void> {
  await page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();
  await expect.poll(() => page.getByTestId('selftest-start').count()).toBe(1);
}

describe('Test this model, in the app', () => {
  it('runs the battery on the app’s model with progress per agent, keeps the result and shows it', { timeout: 240_000 }, async () => {
    const { page, home } = await open(script('good-model.json'));
    const sessions = await page.getByTestId('session-item').count();
    await openModels(page);
    await page.getByTestId('selftest-start').click();
    const progress = page.getByTestId('selftest-progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 180_000 }).toBe('done');
    expect(await progress.getByTestId('selftest-progress-agent').allTextContents()).toEqual([
      expect.stringMatching(/^✓ casual 1\.00 \(\d+\.\d s\)$/),
      expect.stringMatching(/^✓ coder 1\.00/),
      expect.stringMatching(/^✓ file 1\.00/),
      expect.stringMatching(/^✓ web 1\.00/),
      expect.stringMatching(/^✓ mcp 1\.00/),
      expect.stringMatching(/^✓ planner 1\.00/),
    ]);
    expect(await progress.textContent()).toContain('Finished: 6 of 6 agents passed.');
    const summary = page.getByTestId('selftest-summary');
    await expect.poll(() => summary.textContent()).toMatch(/6\/6 agents passed, score 1\.00/);
    expect(await page.getByTestId('selftest-speed').textContent()).toMatch(/^Speed: prompt [\d.]+ t\/s, generation [\d.]+ t\/s \(estimated, about 4 characters a token\)\.$/);
    await screenshot(page, 'settings-selftest-run');
    // Kept like the CLI keeps it; the user's workspace and sessions saw nothing of it.
    const kept = readdirSync(join(home, 'model-tests'));
    expect(kept).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(home, 'model-tests', kept[0]!), 'utf8'))).toMatchObject({ score: 1, passed: 6, of: 6, interrupted: false });
    expect(existsSync(join(home, 'ws', 'hello.txt'))).toBe(false);
    expect(existsSync(join(home, 'ws', 'notes'))).toBe(false);
    expect(await page.getByTestId('session-item').count()).toBe(sessions);
  });

  it('scores a bad model low, and Stop cancels the running task', { timeout: 240_000 }, async () => {
    const { page } = await open([...script('bad-model.json').slice(0, 1), ...script('slow-coder.json').slice(1)]);
    await openModels(page);
    await page.getByTestId('selftest-start').click();
    const progress = page.getByTestId('selftest-progress');
    await expect.poll(() => progress.textContent(), { timeout: 120_000 }).toContain('Testing the coder agent (2 of 6)');
    // The casual task already failed: the vague answer is neither right nor French.
    expect(await progress.getByTestId('selftest-progress-agent').allTextContents()).toEqual([expect.stringMatching(/^✗ casual 0\.33/)]);
    await page.getByTestId('selftest-stop').click();
    // The coder's program sleeps five minutes: the test ends well before only because Stop killed it.
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 60_000 }).toBe('stopped');
    expect(await progress.textContent()).toContain('Stopped after 2 of 6 agents.');
    await expect.poll(() => page.getByTestId('selftest-summary').textContent()).toMatch(/0\/2 agents passed.*stopped before the end/);
    expect(await page.getByTestId('selftest-start').isEnabled()).toBe(true);
  });
});
