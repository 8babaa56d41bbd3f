/// <reference lib="dom" />
// Settings → About this computer downloads llama.cpp's CUDA build on demand: progress while it runs,
// Pause keeps what arrived, Resume continues with an HTTP Range request, the verified install shows
// as installed (and in the doctor's list of builds), Remove takes it away. The packages come from a
// local fixture registry named by AGENTIC_ENGINES_MANIFEST, with their integrity computed here.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot } from '../helpers/e2e.js';
import { fakeCudaPackage, fixtureRegistry, sriOf, type FixtureRegistry } from '../helpers/engineFixture.js';

const open = closedAfterEach(openApp);
let registry: FixtureRegistry | null = null;
afterEach(async () => {
  await registry?.close();
  registry = null;
});

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('CUDA build download in Settings', () => {
  it('downloads with progress, pauses, resumes by Range, installs and removes', { timeout: 180_000 }, async () => {
    const main = fakeCudaPackage('@node-llama-cpp/linux-x64-cuda', '3.21.1', 'linux-x64-cuda', { 'bins/linux-x64-cuda/libggml-cuda.so': randomBytes(3_000_000) });
    const ext = fakeCudaPackage('@node-llama-cpp/linux-x64-cuda-ext', '3.21.1', 'linux-x64-cuda');
    // About 1.3 MB a second: a few seconds for the main package.
    registry = await fixtureRegistry({ '/main.tgz': main, '/ext.tgz': ext }, 64 * 1024);
    const manifest = join(mkdtempSync(join(tmpdir(), 'engines-manifest-')), 'engines.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        nodeLlamaCpp: '3.21.1',
        engines: {
          cuda: {
            'linux-x64': [
              { name: '@node-llama-cpp/linux-x64-cuda', version: '3.21.1', integrity: sriOf(main), url: registry.url('/main.tgz') },
              { name: '@node-llama-cpp/linux-x64-cuda-ext', version: '3.21.1', integrity: sriOf(ext), url: registry.url('/ext.tgz') },
            ],
          },
        },
      }),
    );
    process.env.AGENTIC_ENGINES_MANIFEST = manifest;
    const e = await open([]);
    await e.page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    const state = e.page.getByTestId('cuda-state');
    await expect.poll(() => state.textContent(), { timeout: 60_000 }).toBe('not installed');
    await e.page.getByTestId('cuda-get').click();
    const progress = e.page.getByTestId('cuda-progress');
    await progress.waitFor({ timeout: 30_000 });
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toMatch(/package 1\/2: [1-9]\d* MB of 3 MB/);
    await screenshot(e.page, 'settings-cuda-download');
    await e.page.getByTestId('cuda-pause').click();
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toBe('paused');
    expect(await e.page.getByTestId('cuda-get').textContent()).toBe('Resume');
    await e.page.getByTestId('cuda-get').click();
    await expect.poll(() => state.textContent(), { timeout: 60_000 }).toBe('installed (3.21.1)');
    expect(registry.requests.some((r) => r.path === '/main.tgz' && r.range?.startsWith('bytes='))).toBe(true);
    // The doctor now counts the downloaded build (node-llama-cpp finds it through the loader hook).
    await expect.poll(() => e.page.getByTestId('doctor-engine').textContent(), { timeout: 60_000 }).toMatch(/installed [a-z, ]*cuda/);
    await e.page.getByTestId('cuda-rm').click();
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toBe('not installed');
  });
});
