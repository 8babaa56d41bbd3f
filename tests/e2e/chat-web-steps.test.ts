/// <reference lib="dom" />
// The web agent's action language (SEARCH:, OPEN:, NOTE:, DONE) is for the engine: the chat shows
// the pages it visited and its notes instead, and its final answer once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../fixtures/web/server.js';
import { screenshot, send } from '../helpers/e2e.js';
import { startWebHost } from '../helpers/processes.js';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('web agent in the chat', () => {
  it('shows its steps without protocol lines and its answer once', { timeout: 240_000 }, async () => {
    const fixtures = await startFixtureServer();
    const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-websteps-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ searxngUrl: `${fixtures.origin}/searx` }));
    const replay = join(home, 'replay.json');
    writeFileSync(
      replay,
      JSON.stringify({
        responses: [
          'I will search first.\nSEARCH: sea otters tools',
          'The first result looks right.\nOPEN: 1',
          'NOTE: Sea otters crack shellfish with stones.\nDONE\nSea otters use stones as tools to crack shellfish.',
        ],
      }),
    );
    const host = await startWebHost(['--port', '0', '--replay', replay], home);
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
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 150_000 }).toBe('done');
    const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
    expect(text).not.toMatch(/\b(SEARCH|OPEN|NOTE|DONE)\b/);
    expect(text.split('use stones as tools').length - 1).toBe(1);
    const activity = answer.getByTestId('web-activity');
    expect(await activity.getByTestId('web-step').first().textContent()).toContain('Searched “sea otters tools”');
    expect(await activity.getByTestId('web-page').allTextContents()).not.toEqual([]);
    expect(await activity.locator('a').first().getAttribute('href')).toMatch(/\/article/);
    expect(await activity.getByTestId('web-notes').textContent()).toContain('Sea otters crack shellfish with stones.');
    await activity.locator('summary').click();
    await screenshot(page, 'chat-web-steps');
  });
});
