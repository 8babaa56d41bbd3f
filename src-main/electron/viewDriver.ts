// Drivers over the one page of the embedded browser view: one request at a time owns the page, the
// puppeteer connection is reused while the debugger stays attached and rebuilt after it detaches
// (DevTools opened on the view, a crashed page). No 'electron' import: tested over real Chromium.
import type { Browser, Page } from 'puppeteer-core';
import { AppError } from '../common/errors.js';
import type { Logger } from '../core/ports.js';
import type { BrowserDriver } from '../core/web/driver.js';
import { PuppeteerDriver } from '../node/web/puppeteerDriver.js';
import { DebuggerTransport, type DebuggableContents } from './debuggerTransport.js';

const PAGE_TIMEOUT_MS = 10_000;

/**
 * Files dragged from the system onto the view must not reach the page's scripts (a site would read
 * them). Runs in an isolated world before any page script, so its capture listeners on window come
 * first: they stop file drags from propagating, and the drop's default (open the file) is refused
 * too (main refuses file:// navigations anyway).
 */
export const DROP_GUARD_SCRIPT = `(() => {
  const files = (e) => !!e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files');
  for (const type of ['dragenter', 'dragover', 'drop']) {
    window.addEventListener(type, (e) => {
      if (!files(e)) return;
      e.stopImmediatePropagation();
      if (type === 'drop') e.preventDefault();
    }, true);
  }
})();`;

export interface ViewDriverOptions {
  contents: DebuggableContents;
  logger: Logger;
  /** Fresh state per request (cookies, storage, cache, history); runs before the driver is handed out. */
  resetState?: () => Promise<void>;
}

export interface ViewDrivers {
  driverFactory: () => Promise<BrowserDriver>;
  /** Disconnects puppeteer and detaches the debugger. */
  dispose(): Promise<void>;
}

export function createViewDrivers(options: ViewDriverOptions): ViewDrivers {
  let browser: Promise<Browser> | null = null;
  let live: Browser | null = null;
  let queue: Promise<void> = Promise.resolve();
  const guarded = new WeakSet<Browser>();

  const connect = (): Promise<Browser> => {
    // A connection whose debugger detached is dead even if its 'disconnected' event is still on its way.
    if (live && !live.connected && browser) browser = null;
    if (browser) return browser;
    const connecting = (async () => {
      const { default: puppeteer } = await import('puppeteer-core'); // on first web request, not at app start
      const connected = await puppeteer.connect({ transport: new DebuggerTransport(options.contents), defaultViewport: null });
      // The debugger detached: this connection is dead; the next request builds a new one.
      connected.once('disconnected', () => {
        if (browser === connecting) browser = null;
        options.logger.info('embedded browser view: debugger detached, reconnecting on next use');
      });
      live = connected;
      return connected;
    })();
    browser = connecting;
    connecting.catch(() => {
      if (browser === connecting) browser = null;
    });
    return connecting;
  };

  const page = async (): Promise<Page> => {
    const connected = await connect();
    // The page target is announced asynchronously after connect(): wait for it rather than read pages().
    const target = await connected.waitForTarget((t) => t.type() === 'page', { timeout: PAGE_TIMEOUT_MS });
    const found = await target.page();
    if (!found) throw new AppError('BROWSER_UNAVAILABLE', 'The embedded browser view has no page.');
    if (!guarded.has(connected)) {
      await installDropGuard(found);
      guarded.add(connected);
    }
    return found;
  };

  const driverFactory = async (): Promise<BrowserDriver> => {
    let release!: () => void;
    const previous = queue;
    queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      await options.resetState?.();
      const viewPage = await page().catch((error: unknown) => {
        throw asUnavailable(error);
      });
      return new PuppeteerDriver(viewPage, { logger: options.logger, closePage: false, onClose: async () => release() });
    } catch (error) {
      release();
      throw error;
    }
  };

  return {
    driverFactory,
    async dispose() {
      const connected = browser;
      browser = null;
      if (connected) await (await connected.catch(() => null))?.disconnect().catch(() => undefined);
    },
  };
}

/** Registers DROP_GUARD_SCRIPT on its own CDP session, kept for the connection's life: the script stays registered while it lives. */
async function installDropGuard(page: Page): Promise<void> {
  const guard = await page.createCDPSession();
  await guard.send('Page.addScriptToEvaluateOnNewDocument', { source: DROP_GUARD_SCRIPT, worldName: 'agentic-guard', runImmediately: true });
}

/** Any failure to reach the view's page is the web agent's BROWSER_UNAVAILABLE (it answers from its notes). */
function asUnavailable(error: unknown): AppError {
  return error instanceof AppError
    ? error
    : new AppError('BROWSER_UNAVAILABLE', `The embedded browser view cannot be driven: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
