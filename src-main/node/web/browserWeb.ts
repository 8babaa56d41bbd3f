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

/**
 * Chromium's own sandbox stays on wherever the OS allows it (issue 16). It cannot as root: Chromium
 * refuses to start as root with its sandbox ("Running as root without --no-sandbox is not
 * supported"), so there, and only there, it runs without. Elsewhere a launch that fails because no
 * sandbox is usable (user namespaces off and no setuid helper) is retried without, with a warning.
 */
export function chromiumSandboxArgs(uid: number | undefined = process.getuid?.()): string[] {
  return uid === 0 ? ['--no-sandbox'] : [];
}

/** The flags a closed network and a shared machine need: no background traffic, no GPU, no QUIC. */
export const CHROMIUM_ARGS = [
  ...chromiumSandboxArgs(),
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--password-store=basic',
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
      const start = (args: string[]) =>
        puppeteer.launch({ executablePath, headless: true, pipe: true, args, userDataDir: profileDir!, defaultViewport: { width: 1280, height: 800 } });
      return await start(CHROMIUM_ARGS).catch((error: unknown) => {
        if (CHROMIUM_ARGS.includes('--no-sandbox') || !/sandbox/i.test(String(error))) throw error;
        logger.warn("Chromium's sandbox is not usable here; the browser runs without it", { error: String(error).slice(0, 300) });
        return start(['--no-sandbox', ...CHROMIUM_ARGS]);
      });
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
