// Playwright in Debian's Chromium against the real web host (started as a child process).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterEach, expect, onTestFailed } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/web/server.js';
import { tracePage } from './pageTrace.js';
import { ROOT, startWebHost, type WebHost } from './processes.js';

export const SCREENSHOTS = join(ROOT, 'tests', 'e2e', 'screenshots');

/** Debian's Chromium (or AGENTIC_CHROME) as the tests run it: no sandbox, GPU or background traffic. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.AGENTIC_CHROME ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/**
 * Registers an afterEach that closes whatever the returned opener opened in the test, so that a
 * failed test does not leave its host and browser running: `const open = closedAfterEach(openApp)`
 * at the top of the file, `const e = await open([...])` in a test. A failed test prints the page's
 * trace (see pageTrace.ts).
 */
export function closedAfterEach<A extends unknown[], T extends { close(): Promise<void>; trace?(): string }>(open: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  const opened: T[] = [];
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
  });
  return async (...args) => {
    const app = await open(...args);
    opened.push(app);
    onTestFailed(() => {
      if (app.trace) process.stderr.write(`\n${app.trace()}\n`);
    });
    return app;
  };
}

export interface E2e {
  host: WebHost;
  browser: Browser;
  page: Page;
  /** What the page and the host did so far (pageTrace.ts). */
  trace(): string;
  home: string;
  close(): Promise<void>;
}

/** `script` is the replay's responses, or the whole replay file (to set its contextSize). */
/** `beforeStart` writes into the data folder before the host starts (a seeded store). */
export async function openApp(
  script: string[] | { responses: string[]; contextSize?: number },
  extraArgs: string[] = [],
  viewport = { width: 1400, height: 900 },
  beforeStart?: (home: string) => void,
): Promise<E2e> {
  const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-'));
  beforeStart?.(home);
  const replay = join(home, 'replay.json');
  writeFileSync(replay, JSON.stringify(Array.isArray(script) ? { responses: script } : script));
  const host = await startWebHost(['--port', '0', '--replay', replay, '--workspace', join(home, 'ws'), ...extraArgs], home);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport });
  const traced = tracePage(page, () => host.stderr());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(host.url);
  return {
    host,
    browser,
    page,
    home,
    trace: () => traced.text(),
    async close() {
      await browser.close();
      await host.stop();
      rmSync(home, { recursive: true, force: true });
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    },
  };
}

/** The app with the web agent's search on a local SearxNG-shaped server (tests/fixtures/web), which closes with it. */
export async function openWebAgentApp(responses: string[]): Promise<E2e & { fixtures: FixtureServer }> {
  const fixtures = await startFixtureServer();
  try {
    const app = await openApp(responses, [], undefined, (home) => writeFileSync(join(home, 'settings.json'), JSON.stringify({ searxngUrl: `${fixtures.origin}/searx` })));
    return { ...app, fixtures, close: () => app.close().finally(() => fixtures.close()) };
  } catch (error) {
    await fixtures.close();
    throw error;
  }
}

/** Opens the Settings panel from the header (the first Settings button: the header's). */
export async function openSettings(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export async function send(page: Page, text: string, agent?: string): Promise<void> {
  if (agent) await page.getByTestId('agent-picker').selectOption(agent);
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('send').click();
}

/** Sends a request and waits until its answer is done (a replayed turn, blocks included). */
export async function sendAndFinish(page: Page, text: string, agent?: string): Promise<void> {
  await send(page, text, agent);
  // The new turn first: until it shows, the last answer on the page is the previous turn's, already done.
  const last = page.locator('article.turn').last();
  const probe = text.trim().split('\n')[0]!.slice(0, 30);
  await expect.poll(() => last.getByTestId('request').textContent(), { timeout: 90_000 }).toContain(probe);
  await expect.poll(() => last.getByTestId('answer').getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
}
