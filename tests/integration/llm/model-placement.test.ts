// The header's "CPU · 2,048 tokens" (or "GPU: 41/41 layers, …") comes from what node-llama-cpp
// actually loaded (the tiny random GGUF on the real engine): the loaded report carries the build, the
// layers offloaded, the model's layer count and the context size; the app keeps it for app.info and
// the doctor (placements.json beside the models, which `agentic doctor` reads in its own process).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/index.js';
import type { ModelLoad } from '../../../src-main/common/events.js';
import { placementLine } from '../../../src-main/common/placement.js';
import { formatDoctor } from '../../../src-main/node/doctor/format.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

async function blockCount(path: string): Promise<number> {
  const { readGgufFileInfo } = await import('node-llama-cpp');
  const info = await readGgufFileInfo(path, { readTensorInfo: false });
  return (info.architectureMetadata as { block_count: number }).block_count;
}

describe('where the embedded model runs', () => {
  it('the loaded report says what node-llama-cpp loaded: CPU build, no layers offloaded, the context size', { timeout: 120_000 }, async () => {
    const seen: ModelLoad[] = [];
    const provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 512, onLoad: (l) => seen.push(l) });
    try {
      await provider.info();
      const loaded = seen.find((l) => l.status === 'loaded');
      expect(loaded?.placement).toEqual({ engine: 'cpu', gpuLayers: 0, totalLayers: (await blockCount(tinyModelPath())) + 1, contextSize: 512 });
      expect(placementLine(loaded!.placement!)).toBe('CPU · 512 tokens');
    } finally {
      await provider.dispose();
    }
  });

  it('app.info carries it for the header, and the doctor reports it', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentic-placement-'));
    const app = await createApp({
      host: 'web',
      dataDir: dir,
      logger: silentLogger,
      settings: { provider: { kind: 'llama', model: tinyModelPath(), threads: 1 }, workspace: join(dir, 'ws') },
    });
    try {
      await app.handlers['app.info']({}, { clientId: 't' });
      await expect.poll(async () => (await app.handlers['app.info']({}, { clientId: 't' })).provider.load?.status, { timeout: 60_000 }).toBe('loaded');
      const info = await app.handlers['app.info']({}, { clientId: 't' });
      expect(info.provider.load?.placement).toMatchObject({ gpuLayers: 0, contextSize: 2048 });
      expect(placementLine(info.provider.load!.placement!)).toBe('CPU · 2,048 tokens');
      // Written beside the models once loaded; the doctor (here the app's, in `agentic doctor` its own process) reads it.
      await expect.poll(async () => (await app.handlers['system.doctor']({}, { clientId: 't' })).placements.length, { timeout: 30_000 }).toBe(1);
      const report = await app.handlers['system.doctor']({}, { clientId: 't' });
      expect(report.placements[0]).toMatchObject({ model: tinyModelPath(), engine: 'cpu', gpuLayers: 0, contextSize: 2048, line: 'CPU · 2,048 tokens' });
      expect(formatDoctor(report)).toContain(`Loaded     ${tinyModelPath()}: CPU · 2,048 tokens (cpu, `);
    } finally {
      await app.dispose();
    }
  });
});
