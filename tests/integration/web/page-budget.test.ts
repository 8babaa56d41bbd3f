// Reading a huge page stops early at the text budget (counted in paragraphs with links inside too;
// the walk once counted only leaf elements and so styled such a page to its end, 5x slower: the
// speed is measured in `npm run bench web`). This guards what the early cut keeps: the page's
// beginning, in order, without its hidden text.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserDriver } from '../../../src-main/core/web/driver.js';
import { createBrowserWeb, type BrowserWeb } from '../../../src-main/node/browser/browserWeb.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { startFixtureServer, type FixtureServer } from '../../fixtures/web/server.js';

const signal = new AbortController().signal;
let server: FixtureServer;
let web: BrowserWeb;
let driver: BrowserDriver;

beforeAll(async () => {
  server = await startFixtureServer();
  web = createBrowserWeb({ logger: silentLogger, executablePath: process.env.AGENTIC_CHROME ?? '/usr/bin/chromium' });
  driver = await web.driverFactory();
});
afterAll(async () => {
  await driver?.close();
  await web?.dispose();
  await server?.close();
});

it('cuts a 1 MB article of linked paragraphs at the budget, keeping its first sections in order', async () => {
  await driver.navigate(`${server.origin}/big?kb=1024`, signal);
  const page = await driver.readPage(signal, { maxChars: 8_000 });
  expect(page.markdown.length).toBeLessThan(12_000);
  expect(page.markdown).toContain('The big otter article');
  expect(page.markdown).toContain('Section 1');
  expect(page.markdown.indexOf('Section 1')).toBeLessThan(page.markdown.indexOf('Section 2'));
  expect(page.markdown).not.toContain('Section 400'); // far past the budget
  expect(page.markdown).not.toContain('hidden promo'); // hidden text is still dropped before the cut
});
