/// <reference lib="dom" />
// The header says the embedded model is loading ("Loading model… 42 %", a progressbar with
// aria-valuenow) and then shows the normal status; a model that cannot load is said in words. The
// real web host loads the tiny random GGUF with node-llama-cpp. That model loads in a fraction of a
// second, so the page records what it was sent (the WebSocket's event batches) and what the header
// showed (every progressbar value a MutationObserver saw), both installed before the app's script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelLoad } from '../../src-main/common/events.js';
import { launchChromium, screenshot } from '../helpers/e2e.js';
import { startWebHost } from '../helpers/processes.js';
import { tinyModelPath } from '../helpers/tinyGguf.js';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

declare global {
  interface Window {
    __loadEvents: ModelLoad[];
    __shownProgress: number[];
  }
}

function recordLoad(): void {
  window.__loadEvents = [];
  window.__shownProgress = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', (m: MessageEvent<string>) => {
        const batch = JSON.parse(m.data) as { events?: (ModelLoad & { type: string })[] };
        for (const e of batch.events ?? []) {
          if (e.type === 'model.loadProgress') window.__loadEvents.push({ model: e.model, status: e.status, progress: e.progress, message: e.message });
        }
      });
    }
  };
  const look = () => {
    const bar = document.querySelector('[data-testid="model-status"] [role="progressbar"]');
    const value = bar ? Number(bar.getAttribute('aria-valuenow')) : null;
    if (value !== null && window.__shownProgress.at(-1) !== value) window.__shownProgress.push(value);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function openWithModel(model: string): Promise<{ page: Page; errors: string[] }> {
  const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-load-'));
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ provider: { kind: 'llama', model, threads: 1 } }));
  // Listed as an opened model, so the first-run chooser does not cover the header.
  mkdirSync(join(home, 'models'), { recursive: true });
  writeFileSync(join(home, 'models', 'local-models.json'), JSON.stringify([model]));
  const host = await startWebHost(['--port', '0', '--workspace', join(home, 'ws')], home);
  const browser = await launchChromium();
  cleanup = async () => {
    await browser.close();
    await host.stop();
    rmSync(home, { recursive: true, force: true });
  };
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(recordLoad);
  await page.goto(host.url);
  return { page, errors };
}

describe('model loading in the header', () => {
  it('shows the load’s progress, then where the model runs and its context size', { timeout: 180_000 }, async () => {
    const { page, errors } = await openWithModel(tinyModelPath());
    const ctx = page.getByTestId('model-status-ctx');
    // What node-llama-cpp loaded (issue 27): the CPU build here, the tiny model's 2,048-token context.
    await expect.poll(() => ctx.textContent().catch(() => ''), { timeout: 90_000 }).toBe('CPU · 2,048 tokens');
    expect(await page.locator('[data-testid="model-status"] [role="progressbar"]').count()).toBe(0);
    // What the host sent: node-llama-cpp's progress, never going back, ending at 1 once loaded.
    const sent = await page.evaluate(() => window.__loadEvents);
    const values = sent.map((l) => l.progress);
    expect(sent[0]).toMatchObject({ status: 'loading', progress: 0 });
    expect(values.filter((v) => v > 0 && v < 1).length).toBeGreaterThanOrEqual(1);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(sent.at(-1)).toEqual({ model: 'tiny-llama-llama-spm-ctx2048-s1.gguf', status: 'loaded', progress: 1, message: null });
    // What the header showed meanwhile: the progressbar, with percentages that never go back.
    const shown = await page.evaluate(() => window.__shownProgress);
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown.every((v) => v >= 0 && v < 100)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('says in words when the model cannot be loaded', { timeout: 180_000 }, async () => {
    // A GGUF header and then nothing llama.cpp can read (a download cut short, say).
    const broken = join(mkdtempSync(join(tmpdir(), 'agentic-e2e-broken-')), 'broken.gguf');
    writeFileSync(broken, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60, 7)]));
    const { page, errors } = await openWithModel(broken);
    const error = page.getByTestId('model-load-error');
    await error.waitFor({ timeout: 90_000 });
    expect(await error.textContent()).toBe('Model failed to load');
    // The cause, in full: above the chat, and on the header's tooltip.
    const cause = /Could not load .*broken\.gguf: .+\. Check that it is a complete GGUF file/;
    expect(await error.getAttribute('title')).toMatch(cause);
    const notice = page.getByTestId('notice').filter({ hasText: 'Could not load the model' });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toMatch(cause);
    await screenshot(page, 'model-load-failed');
    expect(errors).toEqual([]);
  });
});
