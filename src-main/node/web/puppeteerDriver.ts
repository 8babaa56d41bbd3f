// BrowserDriver over one puppeteer-core page: a page of a launched Chromium (its own incognito
// context) or the Electron browser view reached through a debugger transport.
import type { CDPSession, Page } from 'puppeteer-core';
import { AppError } from '../../common/errors.js';
import type { Logger } from '../../core/ports.js';
import type { BrowserDriver, FieldValue, PageSnapshot, ResultSelectors, ScrapedResults, ScreencastFrame } from '../../core/web/driver.js';
import { dropShortFragments } from '../../core/web/text.js';
import { fillFormScript, readPageScript, ROOT_EXPRESSION, scrapeResultsScript, submitFormScript } from './inpage.js';
import { IsolatedWorld } from './isolatedWorld.js';
import type { PageLibrary } from './pageLibraries.js';

const NAV_TIMEOUT_MS = 30_000;
const SUBMIT_NAV_TIMEOUT_MS = 8_000;
/** About 25k tokens: more than any page budget the agent uses, far less than a huge page. */
const DEFAULT_MAX_CHARS = 100_000;

export interface PuppeteerDriverOptions {
  logger: Logger;
  /** Releases what the page belongs to (its browser context) after the page closes. */
  onClose?: () => Promise<void>;
  /** Every frame also goes here (the host's own preview), besides the run's callback. */
  onFrame?: (frame: ScreencastFrame) => void;
  /** false for a page the driver does not own (the Electron view): close() then blanks it instead. */
  closePage?: boolean;
}

function httpOnly(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('BAD_INPUT', `Not a web address: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new AppError('BAD_INPUT', `Only http and https pages can be opened, not ${parsed.protocol}`);
  return parsed.toString();
}

/** Puppeteer rejects with its own errors on abort; callers branch on AppError('CANCELLED'). */
async function cancellable<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  try {
    return await work();
  } catch (error) {
    if (signal.aborted) throw new AppError('CANCELLED', 'Cancelled.', { cause: error });
    throw error;
  }
}

export class PuppeteerDriver implements BrowserDriver {
  private screencast: CDPSession | null = null;
  private closed = false;
  private readonly world: IsolatedWorld;

  constructor(
    private readonly page: Page,
    private readonly options: PuppeteerDriverOptions,
  ) {
    // A dialog would block every later call; pages do not get to ask the user anything.
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    this.world = new IsolatedWorld(page);
  }

  async navigate(url: string, signal: AbortSignal): Promise<{ url: string; title: string }> {
    const target = httpOnly(url);
    return cancellable(signal, async () => {
      await this.page.goto(target, { waitUntil: 'domcontentloaded', timeout: NAV_TIMEOUT_MS, signal });
      await this.settle();
      return this.location();
    });
  }

  async back(signal: AbortSignal): Promise<{ url: string; title: string } | null> {
    return cancellable(signal, async () => {
      const before = this.page.url();
      let response;
      try {
        response = await this.page.goBack({ waitUntil: 'domcontentloaded', timeout: NAV_TIMEOUT_MS, signal });
      } catch (error) {
        // Chromium's answer for a tab with no earlier entry.
        if (error instanceof Error && /history entry/i.test(error.message)) return null;
        throw error;
      }
      if (response === null && this.page.url() === before) return null;
      await this.settle();
      return this.location();
    });
  }

  async readPage(signal: AbortSignal, options: { maxChars?: number } = {}): Promise<PageSnapshot> {
    return cancellable(signal, async () => {
      const hasOwnRoot = await this.world.evaluate<boolean>(`${ROOT_EXPRESSION} !== null`);
      const libraries: PageLibrary[] = hasOwnRoot ? ['turndown'] : ['turndown', 'readability'];
      const snapshot = await this.world.evaluate<PageSnapshot>(readPageScript(options.maxChars ?? DEFAULT_MAX_CHARS), libraries);
      // turndown escapes the brackets of our image placeholders; they are ours, so unescape them.
      const markdown = snapshot.markdown.replace(/\\\[image: ([^\n]*?)\\\]/g, '[image: $1]');
      return { ...snapshot, markdown: dropShortFragments(markdown) };
    });
  }

  async fillForm(form: string, values: FieldValue[], signal: AbortSignal): Promise<void> {
    await cancellable(signal, () => this.world.evaluate(fillFormScript(form, values)));
  }

  async submitForm(form: string, button: string | null, signal: AbortSignal): Promise<{ url: string; title: string }> {
    return cancellable(signal, async () => {
      const navigation = this.page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: SUBMIT_NAV_TIMEOUT_MS, signal }).catch(() => null);
      await this.world.evaluate(submitFormScript(form, button));
      // A script-handled form may not navigate at all; then the page as it now stands is the result.
      await navigation;
      await this.settle();
      return this.location();
    });
  }

  async scrapeResults(url: string, selectors: ResultSelectors, signal: AbortSignal): Promise<ScrapedResults> {
    const target = httpOnly(url);
    return cancellable(signal, async () => {
      const response = await this.page.goto(target, { waitUntil: 'domcontentloaded', timeout: NAV_TIMEOUT_MS, signal });
      await this.settle();
      const scraped = await this.world.evaluate<Omit<ScrapedResults, 'status'>>(scrapeResultsScript(selectors));
      return { ...scraped, status: response?.status() ?? 0 };
    });
  }

  async screenshot(signal: AbortSignal): Promise<ScreencastFrame> {
    return cancellable(signal, async () => ({ mime: 'image/png', data: await this.page.screenshot({ encoding: 'base64', type: 'png' }) }));
  }

  async startScreencast(onFrame: (frame: ScreencastFrame) => void): Promise<void> {
    if (this.screencast) return;
    const cdp = await this.page.createCDPSession();
    this.screencast = cdp;
    cdp.on('Page.screencastFrame', (event) => {
      const frame = { mime: 'image/jpeg', data: event.data };
      onFrame(frame);
      this.options.onFrame?.(frame);
      // Chromium sends the next frame only after the previous one is acknowledged: built-in flow control.
      cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
    });
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: 1024, maxHeight: 768, everyNthFrame: 2 });
  }

  async stopScreencast(): Promise<void> {
    const cdp = this.screencast;
    this.screencast = null;
    if (!cdp) return;
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stopScreencast();
    await this.world.dispose();
    const release = this.options.closePage === false ? this.page.goto('about:blank').then(() => undefined) : this.page.close();
    await release.catch((error: unknown) => this.options.logger.debug('page close failed', { error: String(error) }));
    await this.options.onClose?.();
  }

  /** Waits briefly for scripts to finish rendering; a page that never goes quiet is read as it is. */
  private async settle(): Promise<void> {
    await this.page.waitForNetworkIdle({ idleTime: 250, timeout: 3_000 }).catch(() => undefined);
  }

  private async location(): Promise<{ url: string; title: string }> {
    return { url: this.page.url(), title: await this.page.title().catch(() => '') };
  }
}
