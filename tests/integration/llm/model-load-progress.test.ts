// The header's "Loading model… 42 %" comes from node-llama-cpp's onLoadProgress on the real engine
// (the tiny random GGUF): the reports arrive, never go back, end at 1 once the model is ready; a
// missing file is a failure in words; a provider disposed mid-load (the user chose another model)
// reports nothing more; and app.info answers while the model loads instead of waiting for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/index.js';
import { AppInfoSchema } from '../../../src-main/common/contract.js';
import type { AppEvent, ModelLoad } from '../../../src-main/common/events.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tiny = (onLoad: (l: ModelLoad) => void, modelPath = tinyModelPath()) =>
  new LlamaCppProvider({ modelPath, logger: silentLogger, gpu: false, threads: 1, contextSize: 512, onLoad });

function expectWholeLoad(seen: readonly ModelLoad[]): void {
  const values = seen.map((l) => l.progress);
  expect(seen[0]).toEqual({ model: 'tiny-llama-llama-spm-ctx2048-s1.gguf', status: 'loading', progress: 0, message: null });
  // node-llama-cpp's own reports, not only the reporter's start and end.
  expect(values.filter((v) => v > 0 && v < 1).length).toBeGreaterThanOrEqual(1);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(seen.slice(0, -1).every((l) => l.status === 'loading')).toBe(true);
  expect(seen.at(-1)).toMatchObject({ status: 'loaded', progress: 1, message: null });
}

describe('embedded model load progress', () => {
  it('reports node-llama-cpp’s progress, monotonic, and ends at 1 when the model is ready', { timeout: 120_000 }, async () => {
    const seen: ModelLoad[] = [];
    const provider = tiny((l) => seen.push(l));
    try {
      const info = await provider.info();
      expect(info.contextSize).toBe(512);
      expectWholeLoad(seen);
      // Loaded once: later calls report nothing.
      await provider.countTokens('hello');
      expect(seen.filter((l) => l.status === 'loaded')).toHaveLength(1);
    } finally {
      await provider.dispose();
    }
  });

  it('a missing file is a failed load that says what to do', async () => {
    const seen: ModelLoad[] = [];
    const provider = tiny((l) => seen.push(l), join(tmpdir(), 'no-such-model.gguf'));
    await expect(provider.info()).rejects.toMatchObject({ code: 'MODEL_LOAD_FAILED' });
    expect(seen.map((l) => l.status)).toEqual(['loading', 'failed']);
    expect(seen[1]!.message).toMatch(/Model file not found: .*no-such-model\.gguf\. Download a model/);
    await provider.dispose();
  });

  it('a provider disposed while its model loads reports no end (another model took over)', { timeout: 120_000 }, async () => {
    const seen: ModelLoad[] = [];
    const provider = tiny((l) => seen.push(l));
    const loading = provider.info().then(
      () => 'loaded',
      () => 'aborted',
    );
    await expect.poll(() => seen.length, { timeout: 60_000, interval: 1 }).toBeGreaterThan(0);
    await provider.dispose();
    // loadSignal stops node-llama-cpp's load; nothing is said about it.
    expect(await loading).toBe('aborted');
    expect(seen.filter((l) => l.status !== 'loading')).toEqual([]);
  });

  it('app.info answers while the model loads, with the load; the bus carries model.loadProgress to the end', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentic-load-'));
    dirs.push(dir);
    const app = await createApp({
      host: 'web',
      dataDir: dir,
      logger: silentLogger,
      settings: { provider: { kind: 'llama', model: tinyModelPath(), threads: 1 }, workspace: join(dir, 'ws') },
    });
    const events: AppEvent[] = [];
    app.subscribe((e) => events.push(e));
    try {
      const first = AppInfoSchema.parse(await app.handlers['app.info']({}, { clientId: 't' }));
      expect(first.provider.contextSize).toBeNull();
      expect(first.provider.load).toMatchObject({ status: 'loading', model: 'tiny-llama-llama-spm-ctx2048-s1.gguf' });
      const loads = () => events.flatMap((e) => (e.type === 'model.loadProgress' ? [e] : []));
      await expect.poll(() => loads().at(-1)?.status, { timeout: 60_000 }).toBe('loaded');
      expectWholeLoad(loads().map(({ model, status, progress, message }) => ({ model, status, progress, message })));
      const after = await app.handlers['app.info']({}, { clientId: 't' });
      expect(after.provider).toMatchObject({ kind: 'llama', contextSize: 2048, load: { status: 'loaded', progress: 1 } });
      // A web host has no file manager.
      expect(after.capabilities).toEqual({ reveal: false });
    } finally {
      await app.dispose();
    }
  });
});
