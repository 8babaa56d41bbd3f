/// <reference lib="dom" />
// The model self-test's kept results before a turn runs (issue 25), in the real renderer over the
// web host: the composer warns while the draft would go to an agent the configured model failed —
// the agent chosen in the picker, or on "auto" the router's choice for the draft (the real router
// model) — and each model in the pickers carries its self-test badge.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot } from '../helpers/e2e.js';
import { ROOT } from '../helpers/processes.js';

const open = closedAfterEach(openApp);
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const catalogue = (JSON.parse(readFileSync(join(ROOT, 'resources/models/catalog.json'), 'utf8')) as { models: { id: string }[] }).models.map((m) => m.id);

const score = (agent: string, passed: boolean) => ({ agent, passed, score: passed ? 1 : 0, seconds: 3, failed: passed ? [] : ['the answer gives the code'] });
const kept = (model: string, failed: string[]) => {
  const agents = ['casual', 'coder', 'file', 'web', 'mcp', 'planner'].map((a) => score(a, !failed.includes(a)));
  return { date: hourAgo(), model, score: 0.5, passed: agents.filter((a) => a.passed).length, of: 6, seconds: 30, interrupted: false, agents };
};

/** The configured model (replay "weak") failed casual and web; every catalogue model has a result too. */
function seed(home: string): void {
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ provider: { kind: 'replay', model: 'weak' } }));
  mkdirSync(join(home, 'model-tests'), { recursive: true });
  const write = (r: ReturnType<typeof kept>) => writeFileSync(join(home, 'model-tests', `${r.model}.json`), JSON.stringify(r));
  write(kept('replay-weak', ['casual', 'web']));
  catalogue.forEach((id, i) => write(kept(`llama-${id}`, i % 2 ? ['mcp'] : [])));
}

describe('self-test results before a turn runs', () => {
  it('warns in the composer for a chosen or predicted failed agent, and badges every tested model', { timeout: 180_000 }, async () => {
    const { page } = await open(['unused'], [], undefined, seed);
    const warning = page.getByTestId('draft-selftest-warning');
    const input = page.getByTestId('chat-input');
    await input.fill('What is the capital of Italy?');
    await page.getByTestId('agent-picker').selectOption('casual');
    await expect.poll(() => warning.textContent()).toMatch(/^This model failed the casual self-test on \d{4}-\d\d-\d\d \(score 0\.00\); answers may be unreliable\.$/);
    await page.getByTestId('agent-picker').selectOption('coder');
    await expect.poll(() => warning.count()).toBe(0);
    // "auto": the router's prediction for the draft, before anything is sent.
    await page.getByTestId('agent-picker').selectOption('auto');
    await input.fill('Open https://example.org and tell me what the page says about its domain');
    await expect.poll(() => warning.getAttribute('data-agent'), { timeout: 30_000 }).toBe('web');
    expect(await warning.textContent()).toMatch(/^This would go to the web agent\. This model failed the web self-test/);
    await screenshot(page, 'composer-selftest-warning');
    await input.fill('Write a Python script that prints the first ten primes and run it');
    await expect.poll(() => warning.count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByTestId('answer').count()).toBe(0);

    // The model chooser (the header's model button): the badge beside each model it offers.
    await page.getByTestId('model-status').click();
    const offered = page.getByTestId('recommended-model');
    await expect.poll(() => offered.count()).toBeGreaterThan(0);
    for (const item of await offered.all()) {
      const i = catalogue.indexOf((await item.getAttribute('data-model-id'))!);
      expect(await item.getByTestId('selftest-badge').textContent()).toBe(i % 2 ? 'self-test 5/6 · failed: mcp' : 'self-test 6/6');
    }
    await screenshot(page, 'model-picker-selftest-badge');
    await page.getByTestId('onboarding-close').click();

    // Settings → Models: every catalogue model carries its badge.
    await page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    const row = (id: string) => page.locator(`[data-testid="model-row"][data-model-id="${id}"]`).getByTestId('selftest-badge');
    await expect.poll(() => row(catalogue[0]!).textContent()).toBe('self-test 6/6');
    expect(await row(catalogue[1]!).textContent()).toBe('self-test 5/6 · failed: mcp');
    expect(await row(catalogue[1]!).getAttribute('class')).toContain('badge-failed');
  });
});
