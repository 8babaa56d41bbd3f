// The renderer's weight and a long chat's scrolling, in Chromium against the real web host:
// - the first chunk's gzip size (a production build of the web renderer into a temporary folder),
//   beside all its script chunks together;
// - frame times (requestAnimationFrame deltas in the page) while a session of 500 turns with 200
//   blocks is scrolled from top to bottom over a few seconds, beside the same scroll on a 20-turn
//   session in the same run, and beside the 500 turns with virtualisation off (`?virtual=0`).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { seedLongSession } from '../../tests/helpers/longSession.js';
import { percentile, type BenchRow } from '../types.js';
import { startWebHost, stopWebHost } from '../webHost.js';

const SUITE = 'renderer';
const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const SCROLL_MS = 4000;

/** Builds the web renderer into a temporary folder and reads its entry chunk (and all chunks) gzipped. */
async function chunkSizes(outDir: string): Promise<BenchRow[]> {
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.renderer.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in the built index.html');
  const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="\.\/([^"]+)"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length / 1024;
  const scripts = readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const all = scripts.reduce((sum, f) => sum + gz(f), 0);
  const first = gz(entry) + preloads.reduce((sum, f) => sum + gz(f), 0);
  return [
    {
      suite: SUITE,
      metric: 'first chunk (entry + modulepreloads), gzip',
      value: first,
      unit: 'KiB',
      baseline: { label: `all ${scripts.length} script chunks`, value: all },
      ratio: first / all,
      note: `before code-splitting: one 874 kB chunk, 245.5 kB gzip (vite's figure, measured once on the parent commit of the split)`,
    },
  ];
}

/** Opens a session by its title, loads all its earlier pages, and returns the turns in the DOM. */
async function openWhole(page: Page, url: string, title: string): Promise<number> {
  await page.goto(url);
  await page.locator('[data-testid="session-item"]', { hasText: title }).locator('.session-open').click();
  await page.locator('article.turn').first().waitFor();
  for (let i = 0; i < 10 && (await page.getByTestId('earlier-turns').count()) > 0; i++) {
    await page.getByTestId('chat').evaluate((el) => (el.scrollTop = 0));
    await page.waitForTimeout(500);
  }
  return page.locator('article.turn').count();
}

/**
 * requestAnimationFrame deltas while the chat scrolls evenly from its top to its bottom. The page
 * script is a string: tsx would wrap named functions in a helper the page does not have.
 */
const SCROLL_SCRIPT = `(async (ms) => {
  const el = document.querySelector('[data-testid="chat"]');
  el.scrollTop = 0;
  await new Promise((r) => setTimeout(r, 500));
  const deltas = [];
  let start = 0, last = 0;
  return new Promise((resolve) => {
    const step = (now) => {
      if (start === 0) start = last = now; else deltas.push(now - last);
      last = now;
      const t = (now - start) / ms;
      if (t >= 1) return resolve(deltas);
      el.scrollTop = t * (el.scrollHeight - el.clientHeight);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
})(${SCROLL_MS})`;

const scrollFrames = (page: Page): Promise<number[]> => page.evaluate(SCROLL_SCRIPT) as Promise<number[]>;

interface Frames {
  p50: number;
  p95: number;
  p99: number;
  over16: number;
  over50: number;
  frames: number;
  dom: number;
}

const summary = (d: number[], dom: number): Frames => ({
  p50: percentile(d, 50),
  p95: percentile(d, 95),
  p99: percentile(d, 99),
  over16: d.filter((x) => x > 16.7).length / d.length,
  over50: d.filter((x) => x > 50).length / d.length,
  frames: d.length,
  dom,
});

const describe = (f: Frames) =>
  `p50 ${f.p50.toFixed(1)} / p95 ${f.p95.toFixed(1)} / p99 ${f.p99.toFixed(1)} ms; ${(f.over16 * 100).toFixed(1)} % > 16.7 ms, ${(f.over50 * 100).toFixed(1)} % > 50 ms; ${f.frames} frames; ${f.dom} turns in the DOM at the end`;

export default async function rendererBench(): Promise<BenchRow[]> {
  const home = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  try {
    const sizes = await chunkSizes(join(home, 'build'));
    const data = join(home, 'data');
    const replay = join(home, 'replay.json');
    writeFileSync(replay, JSON.stringify({ responses: ['ok'] }));
    seedLongSession(data, 20, 8, 'Short session', 'short');
    seedLongSession(data, 500, 200, 'Long session', 'long');
    const host = await startWebHost(data, replay);
    const browser = await chromium.launch({ executablePath: process.env.AGENTIC_CHROME ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const run = async (url: string, title: string) => {
        await openWhole(page, url, title);
        const frames = await scrollFrames(page);
        return summary(frames, await page.locator('article.turn').count());
      };
      const short = await run(host.url, 'Short session');
      const long = await run(host.url, 'Long session');
      const flat = await run(`${host.url}&virtual=0`, 'Long session');
      const row = (metric: string, value: number, unit: string, base: number, baseLabel: string, note: string): BenchRow => ({
        suite: SUITE,
        metric,
        value,
        unit,
        baseline: { label: baseLabel, value: base },
        ratio: base > 0 ? value / base : undefined,
        note,
      });
      return [
        ...sizes,
        row('scroll 500 turns / 200 blocks (virtualised): frame p95', long.p95, 'ms', short.p95, '20 turns', `500: ${describe(long)} | 20: ${describe(short)}`),
        row(
          'scroll 500 turns / 200 blocks (virtualised): frames > 16.7 ms',
          long.over16 * 100,
          '%',
          short.over16 * 100,
          '20 turns',
          `> 50 ms: ${(long.over50 * 100).toFixed(1)} % vs ${(short.over50 * 100).toFixed(1)} %`,
        ),
        row('scroll 500 turns / 200 blocks, virtualisation off (?virtual=0): frame p95', flat.p95, 'ms', long.p95, 'virtualised', describe(flat)),
      ];
    } finally {
      await browser.close();
      await stopWebHost(host);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
