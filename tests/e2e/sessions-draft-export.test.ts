/// <reference lib="dom" />
// Sessions: an empty "New session" is not stored until it has a message, search finds a session by
// what was answered in it, and a session exports as a Markdown file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('sessions', () => {
  it('stores a new session only once it has a message, and exports one as Markdown', { timeout: 180_000 }, async () => {
    const e = await open(['Here is **the** answer.\n```python\nprint(1)\n```']);
    const { page } = e;
    const items = page.getByTestId('session-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getAttribute('data-draft')).toBe('true');
    await page.reload();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getAttribute('data-draft')).toBe('true'); // nothing was stored

    await sendAndFinish(page, 'export me', 'casual');
    await expect.poll(() => page.locator('[data-testid="session-item"]:not([data-draft])').count()).toBe(1);

    await page.getByTestId('new-session').click();
    await page.getByTestId('new-session').click();
    await expect.poll(() => items.count()).toBe(2); // the stored one and a single draft
    await page.reload();
    // Until the stored sessions arrive the list shows a draft: wait for the stored one, then check
    // that it is the only item (the draft is gone, nothing else was stored).
    await expect.poll(() => page.locator('[data-testid="session-item"]:not([data-draft])').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => items.count()).toBe(1);

    // Search by content (FTS5 in the store): a word of the answer finds the session, another does not.
    await page.getByTestId('session-search').fill('answ');
    await expect.poll(() => page.locator('[data-testid="session-item"]', { hasText: 'export me' }).count()).toBe(1);
    await page.getByTestId('session-search').fill('zebra');
    await expect.poll(() => page.getByTestId('sessions').textContent()).toContain('No session matches.');
    expect(await items.count()).toBe(0);
    await page.getByTestId('session-search').fill('');

    const stored = page.locator('[data-testid="session-item"]', { hasText: 'export me' });
    await stored.hover();
    const [download] = await Promise.all([page.waitForEvent('download'), stored.getByTestId('session-export').click()]);
    expect(download.suggestedFilename()).toBe('export me.md');
    const markdown = readFileSync((await download.path())!, 'utf8');
    expect(markdown).toMatch(/^# export me\n/);
    expect(markdown).toContain('export me');
    expect(markdown).toContain('Here is **the** answer.');
    expect(markdown).toContain('```python\nprint(1)\n```');
  });
});
