// Sessions and Stop in the real page: history survives switching and a page reload (it comes from
// SQLite), rename and delete work, and Stop ends a running block at once.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, send, type E2e } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

const lastStatus = (e: E2e) => e.page.getByTestId('answer').last().getAttribute('data-status');

describe('sessions and stop', () => {
  it('keeps each session’s history across switching and reload; renames and deletes', { timeout: 240_000 }, async () => {
    const e = await open(['First answer: ALPHA.', 'Second answer: BRAVO.']);
    const { page } = e;
    await send(page, 'first question', 'casual');
    await expect.poll(() => lastStatus(e), { timeout: 60_000 }).toBe('done');
    await page.getByTestId('new-session').click();
    await expect.poll(() => page.getByTestId('session-item').count()).toBe(2);
    await send(page, 'second question', 'casual');
    await expect.poll(() => page.getByTestId('answer-text').last().textContent(), { timeout: 60_000 }).toContain('BRAVO');
    expect(await page.getByTestId('answer').count()).toBe(1);

    // Sessions are named after their first request. Switch back: the first one shows its own turn only.
    const first = page.locator('[data-testid="session-item"]', { hasText: 'first question' });
    await first.locator('.session-open').click();
    await expect.poll(() => page.getByTestId('answer-text').last().textContent()).toContain('ALPHA');
    expect(await page.getByTestId('answer').count()).toBe(1);

    // Reload: history comes back from the store.
    await page.reload();
    await expect.poll(() => page.getByTestId('session-item').count(), { timeout: 30_000 }).toBe(2);
    await page.locator('[data-testid="session-item"]', { hasText: 'second question' }).locator('.session-open').click();
    await expect.poll(() => page.getByTestId('answer-text').last().textContent(), { timeout: 30_000 }).toContain('BRAVO');
    await page.locator('[data-testid="session-item"]', { hasText: 'first question' }).locator('.session-open').click();
    await expect.poll(() => page.getByTestId('answer-text').last().textContent(), { timeout: 30_000 }).toContain('ALPHA');
    expect(await page.getByTestId('request').last().textContent()).toContain('first question');

    // Rename the active session.
    const active = page.locator('[data-testid="session-item"][data-active="true"]');
    await active.getByTestId('session-rename').click();
    await active.getByTestId('session-rename-input').fill('Renamed in test');
    await active.getByTestId('session-rename-input').press('Enter');
    await expect.poll(() => page.getByTestId('sessions').textContent()).toContain('Renamed in test');

    // Delete it.
    const renamed = page.locator('[data-testid="session-item"]', { hasText: 'Renamed in test' });
    await renamed.getByTestId('session-delete').click();
    await renamed.getByTestId('session-delete-confirm').click();
    await expect.poll(() => page.getByTestId('sessions').textContent()).not.toContain('Renamed in test');
    await screenshot(page, 'sessions');
  });

  it('Stop kills a running block and the session takes the next request', { timeout: 240_000 }, async () => {
    const e = await open(['```bash\necho started; sleep 600\n```', 'Ready again.']);
    const { page } = e;
    await send(page, 'run something long', 'coder');
    const terminal = page.getByTestId('terminal').first();
    await expect.poll(() => terminal.textContent(), { timeout: 90_000 }).toContain('started');
    const stopped = Date.now();
    await page.getByTestId('stop').click();
    await expect.poll(() => lastStatus(e), { timeout: 15_000 }).toBe('cancelled');
    expect(Date.now() - stopped).toBeLessThan(10_000);
    await screenshot(page, 'stopped');
    await send(page, 'hello again', 'casual');
    await expect.poll(() => lastStatus(e), { timeout: 60_000 }).toBe('done');
    expect(await page.getByTestId('answer-text').last().textContent()).toContain('Ready again.');
  });
});
