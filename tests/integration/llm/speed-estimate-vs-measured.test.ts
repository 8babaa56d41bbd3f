// The speed estimate (probe + formula) against the speed the real engine reaches on the tiny model here:
// the catalogue's "about N tokens/s" must be the right order of magnitude, not exact. The tiny model is
// F16 (16 bits a weight) and runs on the CPU build with 1 thread, as the app runs on 2 cores.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { estimateSpeed } from '../../../src-main/node/llm/speedEstimate.js';
import { cpuProfile, measureMemoryBandwidth } from '../../../src-main/node/llm/speedProbe.js';
import { SpeedStore, withSpeedRecording } from '../../../src-main/node/llm/speedStore.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

/**
 * Stated tolerance: the estimate is within this factor of the measured speed, either way. Both sides are
 * noisy on a shared 2-core machine (the copy probe read 5 to 13 GB/s within a minute at load 17).
 */
const GENERATION_FACTOR = 5;
const PROMPT_FACTOR = 6;

const dir = mkdtempSync(join(tmpdir(), 'speeds-'));
const modelPath = tinyModelPath();
const inner = new LlamaCppProvider({ modelPath, logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 3 });
afterAll(async () => {
  await inner.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('speed estimate against the tiny model measured here', () => {
  it('records the measured speed and lands within the stated factor of the estimate', async () => {
    const store = new SpeedStore(join(dir, 'speeds.json'));
    const provider = withSpeedRecording(inner, { store, modelPath, engine: () => 'cpu', logger: silentLogger });
    const page = 'The quarterly report lists revenue by region, costs by department and a forecast for next year. '.repeat(12);
    for (let i = 0; i < 3; i++) {
      const reply = await provider.complete({
        messages: [
          { role: 'system', content: 'Summarise.' },
          { role: 'user', content: `${page} (${i})` },
        ],
        signal: new AbortController().signal,
        maxTokens: 96,
      });
      expect(reply.usage?.completionTokens).toBe(96);
    }
    await store.flush();
    const measured = new SpeedStore(join(dir, 'speeds.json')).get(modelPath);
    expect(measured).toMatchObject({ engine: 'cpu', samples: 3 });

    // The app probes for 150 ms once; here a longer window keeps a busy shared machine from starving it.
    const cpu = { ...(await cpuProfile(null, 1)), memoryBandwidth: await measureMemoryBandwidth(1000) };
    const estimate = estimateSpeed(statSync(modelPath).size, { cpu, gpu: null }, 16);
    const ratio = (a: number, b: number) => Math.max(a / b, b / a);
    const report = { measured, estimate, generationRatio: ratio(measured!.generation, estimate.generation), promptRatio: ratio(measured!.promptReading!, estimate.promptReading) };
    expect(report.generationRatio, JSON.stringify(report)).toBeLessThan(GENERATION_FACTOR);
    expect(report.promptRatio, JSON.stringify(report)).toBeLessThan(PROMPT_FACTOR);
  });
});
