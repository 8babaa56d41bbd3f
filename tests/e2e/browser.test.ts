/// <reference lib="dom" />
// The web agent over the web host: a real headless Chromium driven by puppeteer searches a local
// SearxNG-shaped endpoint, opens a result, and the page's browser pane shows the live frames and URL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/web/server.js';
import { screenshot, send } from '../helpers/e2e.js';
import { startWebHost, type WebHost } from '../helpers/processes.js';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('browser pane over the web host', () => {
  it('updates with the page the web agent opens', { timeout: 240_000 }, async () => {
    const fixtures: FixtureServer = await startFixtureServer();
    const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-web-'));
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ searxngUrl: `${fixtures.origin}/searx` }));
    const replay = join(home, 'replay.json');
    writeFileSync(
      replay,
      JSON.stringify({
        responses: [
          'I will search first.\nSEARCH: sea otters tools',
          'The first result looks right.\nOPEN: 1',
          'NOTE: Sea otters crack shellfish with stones.\nDONE\nSea otters use stones as tools to crack shellfish. Source: the article I opened.',
        ],
      }),
    );
    const host: WebHost = await startWebHost(['--port', '0', '--replay', replay], home);
    const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    cleanup = async () => {
      await browser.close();
      await host.stop();
      await fixtures.close();
      rmSync(home, { recursive: true, force: true });
    };
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
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
