// The embedded browser view's puppeteer flow over DebuggerTransport, on a stand-in for Electron's
// webContents.debugger backed by a real Chromium page. Prevents: the first web request of a launch
// failing with "no page" (target announced after the setup answers), every later one failing with
// "Session closed" (an attach answered with the page's own session, detached by the page reader),
// and a dead connection kept after the debugger detached (DevTools opened on the view).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserSearch, defaultEngines } from '../../../src-main/core/web/browserSearch.js';
import { createWebAgent } from '../../../src-main/core/web/webAgent.js';
import puppeteer from 'puppeteer-core';
import { DebuggerTransport } from '../../../src-main/electron/debuggerTransport.js';
import { createViewDrivers, type ViewDrivers } from '../../../src-main/electron/viewDriver.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { startFixtureServer, type FixtureServer } from '../../fixtures/web/server.js';
import { filePromptSource, scriptedAgentContext } from '../../helpers/scriptedAgentContext.js';
import { launchStandIn, type StandInChromium } from './cdpDebugger.js';

const signal = new AbortController().signal;
let server: FixtureServer;
let chromium: StandInChromium;
let drivers: ViewDrivers;

beforeAll(async () => {
  server = await startFixtureServer();
  chromium = await launchStandIn(process.env.AGENTIC_CHROME ?? '/usr/bin/chromium');
  drivers = createViewDrivers({ contents: chromium.view, logger: silentLogger });
});
afterAll(async () => {
  await drivers?.dispose();
  await chromium?.close();
  await server?.close();
});

/** One web turn as the web agent does it: a driver, open a page, read it, close. */
async function webTurn(path: string): Promise<{ title: string; markdown: string; url: string; realPath: unknown }> {
  const driver = await drivers.driverFactory();
  try {
    await driver.navigate(`${server.origin}${path}`, signal);
    const page = await driver.readPage(signal);
    return { title: page.title, markdown: page.markdown, url: page.url, realPath: await chromium.evaluate('location.pathname') };
  } finally {
    await driver.close();
  }
}

describe('the transport alone', () => {
  it('gives each attach request its own session; detaching one leaves the page and the others working', async () => {
    const browser = await puppeteer.connect({ transport: new DebuggerTransport(chromium.view), defaultViewport: null });
    try {
      const page = (await (await browser.waitForTarget((t) => t.type() === 'page')).page())!;
      const [first, second] = [await page.createCDPSession(), await page.createCDPSession()];
      expect(new Set([first.id(), second.id()]).size).toBe(2);
      await first.detach();
      await expect(first.send('Runtime.evaluate', { expression: '1' })).rejects.toThrow(/Session closed|detached/i);
      expect(await second.send('Runtime.evaluate', { expression: '6 * 7', returnByValue: true })).toMatchObject({ result: { value: 42 } });
      expect(await page.evaluate('document.readyState')).toBe('complete');
    } finally {
      await browser.disconnect();
    }
    // Disconnecting detached the debugger this transport had attached.
    expect(chromium.view.debugger.isAttached()).toBe(false);
  });
});

describe('web turns in the embedded view', () => {
  it('the first turn of a launch finds the page and reads it', async () => {
    const page = await webTurn('/article');
    expect(page.title).toBe('Sea otters use tools');
    expect(page.markdown).toContain('crack open shellfish with stones');
    // The real page moved there, not a puppeteer-side illusion.
    // The real page went there (seen by another CDP client), and was blanked when the turn ended.
    expect(page.realPath).toBe('/article');
    expect(await chromium.evaluate('location.href')).toBe('about:blank');
  });

  it('a second turn on the same connection succeeds (the reader detached only its own session)', async () => {
    const page = await webTurn('/site/index');
    expect(page.url).toBe(`${server.origin}/site/index`);
    expect(page.markdown.length).toBeGreaterThan(20);
  });

  it("files dragged onto the view never reach the page's scripts", async () => {
    const driver = await drivers.driverFactory();
    try {
      await driver.navigate(`${server.origin}/article`, signal);
      // The page's own listeners, in the page's world, as a site would register them.
      const got = await chromium.evaluate(`(() => {
        let seen = 0;
        for (const type of ['dragover', 'drop']) document.addEventListener(type, () => seen++);
        const dt = new DataTransfer();
        dt.items.add(new File(['secret'], 'id_ed25519'));
        for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
        const text = new DataTransfer();
        text.setData('text/plain', 'hello');
        document.body.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: text }));
        return seen;
      })()`);
      // Only the text drag got through.
      expect(got).toBe(1);
    } finally {
      await driver.close();
    }
  });

  it('search runs on the view through the same driver factory', async () => {
    const search = createBrowserSearch({
      driver: drivers.driverFactory,
      engines: defaultEngines({ duckduckgo: `${server.origin}/ddg/html/` }, ['duckduckgo']),
      logger: silentLogger,
    });
    const results = await search.search('sea otters', signal);
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.url).toMatch(/^https?:\/\//);
  });

  it('after the debugger detaches (DevTools opened) the next turn reconnects and succeeds', async () => {
    const before = chromium.view.debugger.attachCount;
    await chromium.view.debugger.simulateDevToolsOpened();
    const page = await webTurn('/site/habitat');
    expect(page.url).toBe(`${server.origin}/site/habitat`);
    expect(chromium.view.debugger.attachCount).toBe(before + 1);
    // And the one after that still works on the new connection.
    expect((await webTurn('/article')).title).toBe('Sea otters use tools');
  });

  it('the web agent searches and reads on the one page of the view, twice in a row (search never waits for a second page)', async () => {
    const search = createBrowserSearch({
      driver: drivers.driverFactory,
      engines: defaultEngines({ duckduckgo: `${server.origin}/ddg/html/` }, ['duckduckgo']),
      logger: silentLogger,
    });
    const agent = createWebAgent({ driver: drivers.driverFactory, search, searchInPage: true, screencast: false, prompts: filePromptSource() });
    for (const request of ['sea otters tools', 'sea otters again']) {
      const ctx = scriptedAgentContext({ request, script: [`SEARCH: ${request}`, 'OPEN: 1', 'SEARCH: otter diet', 'DONE\nOtters use stones.'] });
      const outcome = await agent.run(ctx);
      expect(outcome.answer).toContain('Otters use stones.');
      // Every model call after the first saw web text: results, the page, results again.
      expect(ctx.calls).toHaveLength(4);
      expect(ctx.calls[2]!.at(-1)!.content).toContain('UNTRUSTED-DATA');
      expect(server.requests.filter((r) => r.startsWith('/ddg/html/')).length).toBeGreaterThan(0);
    }
  });
});
