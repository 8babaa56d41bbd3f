// Page-to-text extraction on a generated 1 MB article page: time to Markdown (target ≤ 3× innerText)
// beside a bare innerText read of the same page over the same CDP channel, and the share of the
// raw text's tokens that the cleaned Markdown keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { median, type BenchRow } from '../types.js';
import { estimateTokens } from '../../src-main/core/web/text.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { CHROMIUM_ARGS } from '../../src-main/node/web/browserWeb.js';
import { findChrome } from '../../src-main/node/web/findChrome.js';
import { PuppeteerDriver } from '../../src-main/node/web/puppeteerDriver.js';
import { startFixtureServer } from '../../tests/fixtures/web/server.js';

const RUNS = 7;
/** What the agent asks for at its largest page budget (8000 tokens × 5 characters). */
const AGENT_MAX_CHARS = 40_000;

async function timed<T>(runs: number, work: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = await work();
    times.push(performance.now() - start);
  }
  return { times, last };
}

export default async function webBench(): Promise<BenchRow[]> {
  const executablePath = findChrome();
  if (!executablePath) return [{ suite: 'web', metric: 'skipped', value: NaN, unit: '', note: 'no Chrome/Chromium found' }];
  const server = await startFixtureServer();
  const profile = mkdtempSync(join(tmpdir(), 'agentic-bench-'));
  const browser = await puppeteer.launch({ executablePath, headless: true, pipe: true, args: CHROMIUM_ARGS, userDataDir: profile });
  const signal = AbortSignal.timeout(300_000);
  try {
    const page = await browser.newPage();
    const driver = new PuppeteerDriver(page, { logger: silentLogger });
    await driver.navigate(`${server.origin}/big?kb=1024`, signal);
    const htmlBytes = (await page.content()).length;
    const raw = await timed(RUNS, () => page.evaluate('document.body.innerText') as Promise<string>);
    const read = await timed(RUNS, () => driver.readPage(signal, { maxChars: AGENT_MAX_CHARS }));
    const [first, ...warm] = read.times;
    const extract = median(warm);
    const markdown = read.last.markdown;
    const rawText = raw.last;
    await driver.close();
    return [
      {
        suite: 'web',
        metric: 'page-to-markdown, 1 MB page (warm median)',
        value: extract,
        unit: 'ms',
        baseline: { label: 'bare innerText', value: median(raw.times) },
        ratio: extract / median(raw.times),
        target: '≤ 3× bare innerText',
        met: extract / median(raw.times) <= 3,
        note: `first read ${first!.toFixed(0)} ms; page HTML ${(htmlBytes / 1024).toFixed(0)} KiB; agent budget ${AGENT_MAX_CHARS / 1000}k chars`,
      },
      {
        suite: 'web',
        metric: 'markdown size',
        value: markdown.length / 1024,
        unit: 'KiB',
        baseline: { label: 'raw page text', value: rawText.length / 1024 },
        ratio: markdown.length / rawText.length,
      },
      {
        suite: 'web',
        metric: 'tokens kept',
        value: estimateTokens(markdown),
        unit: 'tokens',
        baseline: { label: 'raw page text', value: estimateTokens(rawText) },
        ratio: estimateTokens(markdown) / estimateTokens(rawText),
        note: 'estimated at 4 characters a token',
      },
    ];
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    await server.close();
  }
}
