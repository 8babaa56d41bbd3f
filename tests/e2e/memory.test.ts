/// <reference lib="dom" />
// Memory across sessions in the web UI: "remember …" in a chat is shown as remembered, an agent's
// proposal is kept with one click, and Settings → Memory lists, edits and deletes them.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('memory', () => {
  it('remembers what the user says, keeps a proposal on one click, and the panel deletes one', { timeout: 180_000 }, async () => {
    const e = await open(['Noted: your project uses Python 3.12.', 'Sure, metric from now on.\n[remember: The user wants metric units]']);
    await sendAndFinish(e.page, 'Remember that my project uses Python 3.12', 'casual');
    await expect.poll(() => e.page.getByTestId('memory-remembered').first().textContent(), { timeout: 30_000 }).toContain('my project uses Python 3.12');

    await sendAndFinish(e.page, 'I always want metric units, by the way', 'casual');
    await expect.poll(() => e.page.getByTestId('memory-proposal').count(), { timeout: 30_000 }).toBe(1);
    await e.page.getByTestId('memory-proposal-keep').click();
    await expect.poll(() => e.page.getByTestId('memory-remembered').count(), { timeout: 30_000 }).toBe(2);
    await screenshot(e.page, 'memory-chat');

    // This session can run without the memories: the switch in the header says so, and the app keeps it.
    const toggle = e.page.getByTestId('session-memory');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Memory off');
    await e.page.reload();
    await expect.poll(() => e.page.getByTestId('session-memory').textContent(), { timeout: 30_000 }).toBe('Memory off');
    await e.page.getByTestId('session-memory').click();
    await expect.poll(() => e.page.getByTestId('session-memory').getAttribute('aria-pressed')).toBe('true');

    await openSettings(e.page);
    const items = e.page.getByTestId('memory-item');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);
    expect(await items.nth(1).getAttribute('data-status')).toBe('active');
    await screenshot(e.page, 'memory-settings');
    await items.first().getByTestId('memory-delete').click();
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(1);
    expect(await items.first().getByTestId('memory-text').inputValue()).toBe('The user wants metric units');
    await e.page.getByTestId('memory-add-text').fill('Answer in French');
    await e.page.getByTestId('memory-add').click();
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);
  });
});
