/// <reference lib="dom" />
// The web agent over the web host: a real headless Chromium driven by puppeteer searches a local
// SearxNG-shaped endpoint, opens a result, and the page's browser pane shows the live frames and URL.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openWebAgentApp, screenshot, send } from '../helpers/e2e.js';

const open = closedAfterEach(openWebAgentApp);

describe('browser pane over the web host', () => {
  it('updates with the page the web agent opens', { timeout: 240_000 }, async () => {
    const { page, fixtures } = await open([
      'I will search first.\nSEARCH: sea otters tools',
      'The first result looks right.\nOPEN: 1',
      'NOTE: Sea otters crack shellfish with stones.\nDONE\nSea otters use stones as tools to crack shellfish. Source: the article I opened.',
    ]);
    await send(page, 'how do sea otters use tools?', 'web');
    await expect.poll(() => page.getByTestId('browser-url').textContent(), { timeout: 120_000 }).toContain('/article');
    await expect.poll(() => page.locator('[data-testid="browser-pane"] img').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 120_000 }).toBe('done');
    expect(await page.getByTestId('answer').last().textContent()).toMatch(/stones as tools/);
    expect(fixtures.requests.some((r) => r.startsWith('/searx/search'))).toBe(true);
    expect(fixtures.requests.some((r) => r.startsWith('/article'))).toBe(true);
    await screenshot(page, 'web-browser-pane');
  });
});
