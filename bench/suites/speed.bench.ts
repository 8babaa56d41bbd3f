// Speed estimates (issue 27): what the CPU probe costs (first run, then from its cache), and the
// estimate against the speed measured on the tiny model in the same run (the ratio is what the
// catalogue's "about N tokens/s" is worth here; the test states the tolerated factor).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LlamaCppProvider } from '../../src-main/node/llm/llamaCpp.js';
import { estimateSpeed } from '../../src-main/node/llm/speedEstimate.js';
import { cpuProfile } from '../../src-main/node/llm/speedProbe.js';
import { SpeedStore, withSpeedRecording } from '../../src-main/node/llm/speedStore.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { tinyModelPath } from '../../tests/helpers/tinyGguf.js';
import { median, type BenchRow, type BenchSuite } from '../types.js';

const suite: BenchSuite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'speed-bench-'));
  const rows: BenchRow[] = [];
  try {
    // The probe: measured fresh a few times (no cache), then read from its cache.
    const fresh: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await cpuProfile(join(dir, `probe-${i}.json`), 1);
      fresh.push(performance.now() - t);
    }
    const cachedTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await cpuProfile(join(dir, 'probe-0.json'), 1);
      cachedTimes.push(performance.now() - t);
    }
    rows.push({
      suite: 'speed',
      metric: 'CPU probe, first run',
      value: median(fresh),
      unit: 'ms',
      baseline: { label: 'from cache', value: median(cachedTimes) },
      ratio: median(fresh) / median(cachedTimes),
    });

    const modelPath = tinyModelPath();
    const cpu = await cpuProfile(join(dir, 'probe-0.json'), 1);
    const estimate = estimateSpeed(statSync(modelPath).size, { cpu, gpu: null }, 16);
    const provider = new LlamaCppProvider({ modelPath, logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 5 });
    const store = new SpeedStore(join(dir, 'speeds.json'));
    const recorded = withSpeedRecording(provider, { store, modelPath, engine: () => 'cpu', logger: silentLogger });
    const page = 'Revenue by region, costs by department and a forecast for next year. '.repeat(15);
    for (let i = 0; i < 5; i++) {
      await recorded.complete({ messages: [{ role: 'user', content: `${page} ${i}` }], signal: new AbortController().signal, maxTokens: 128 });
    }
    await provider.dispose();
    await store.flush();
    const measured = store.get(modelPath)!;
    const note = `tiny F16 model ${(statSync(modelPath).size / 2 ** 20).toFixed(1)} MB, 1 thread, ${cpu.isa}, copy ${(cpu.memoryBandwidth / 1e9).toFixed(1)} GB/s`;
    rows.push({
      suite: 'speed',
      metric: 'generation: estimate',
      value: estimate.generation,
      unit: 'tok/s',
      baseline: { label: 'measured', value: measured.generation },
      ratio: estimate.generation / measured.generation,
      note,
    });
    const reading = measured.promptReading ?? NaN;
    rows.push({
      suite: 'speed',
      metric: 'prompt reading: estimate',
      value: estimate.promptReading,
      unit: 'tok/s',
      baseline: { label: 'measured', value: reading },
      ratio: estimate.promptReading / reading,
      note,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
};
export default suite;
