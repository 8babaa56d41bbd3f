// What the web and CLI hosts wire: one headless system Chromium launched on first use and shared,
// a fresh incognito context per driver (per request), search through it or through SearxNG. CDP runs
// over a pipe, so no debugging port is open to other local processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { AppError } from '../../common/errors.js';
import type { Logger } from '../../core/ports.js';
import { createBrowserSearch, defaultEngines, type EngineName, type SearchEngine } from '../../core/web/browserSearch.js';
import type { BrowserDriver, ScreencastFrame, WebSearch } from '../../core/web/driver.js';
import { findChrome } from './findChrome.js';
import { PuppeteerDriver } from './puppeteerDriver.js';
import { SearxngSearch } from './searxngSearch.js';

/** The flags a closed network and a shared machine need: no background traffic, no GPU, no QUIC. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-default-apps', '--disable-extensions',
  '--mute-audio', '--no-default-browser-check', '--metrics-recording-only', '--password-store=basic',
];

export interface BrowserWebOptions {
  executablePath?: string;
  /** When set, search goes to this SearxNG instance's JSON API instead of public engines. */
  searxngUrl?: string;
  logger: Logger;
  /** Every screencast frame of every page (a host-level preview); runs get their own callback too. */
  onFrame?: (frame: ScreencastFrame) => void;
  /** Replaces public engines' base URLs (tests point them at fixtures). */
  engineBases?: Partial<Record<EngineName, string>>;
  engines?: SearchEngine[];
}

export interface BrowserWeb {
  driverFactory: () => Promise<BrowserDriver>;
  search: WebSearch;
  dispose(): Promise<void>;
}

export function createBrowserWeb(options: BrowserWebOptions): BrowserWeb {
  const { logger } = options;
  let launching: Promise<Browser> | null = null;
  let profileDir: string | null = null;

  const launch = async (): Promise<Browser> => {
    const executablePath = options.executablePath || findChrome();
    if (!executablePath) throw new AppError('BROWSER_UNAVAILABLE', 'No Chrome or Chromium was found. Install one, or set its path in AGENTIC_CHROME.');
    profileDir = mkdtempSync(join(tmpdir(), 'agentic-chromium-'));
    logger.info('launching chromium', { executablePath });
    try {
      return await puppeteer.launch({ executablePath, headless: true, pipe: true, args: CHROMIUM_ARGS, userDataDir: profileDir, defaultViewport: { width: 1280, height: 800 } });
    } catch (error) {
      throw new AppError('BROWSER_UNAVAILABLE', `Chromium at ${executablePath} did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  const browser = (): Promise<Browser> => {
    launching ??= launch().catch((error: unknown) => {
      launching = null;
      throw error;
    });
    return launching;
  };

  const driverFactory = async (): Promise<BrowserDriver> => {
    const context = await (await browser()).createBrowserContext();
    const page = await context.newPage();
    return new PuppeteerDriver(page, { logger, onFrame: options.onFrame, onClose: () => context.close().catch(() => undefined) });
  };

  const search: WebSearch = options.searxngUrl
    ? new SearxngSearch(options.searxngUrl)
    : createBrowserSearch({ driver: driverFactory, engines: options.engines ?? defaultEngines(options.engineBases), logger });

  return {
    driverFactory,
    search,
    async dispose() {
      const pending = launching;
      launching = null;
      if (pending) await (await pending.catch(() => null))?.close().catch(() => undefined);
      if (profileDir) rmSync(profileDir, { recursive: true, force: true });
      profileDir = null;
    },
  };
}
