// The catalogue as the first screen and Settings show it: every model with its expected speed on this
// machine, the recommendation by speed (a small model on a 2-core CPU), and a measured speed replacing
// the estimate once a model ran. The machine profile is the real probe here; the GPU side is recorded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { machineProfile } from '../../../src-main/node/llm/machineProfile.js';
import { loadCatalog, ModelManager } from '../../../src-main/node/llm/modelManager.js';
import { SpeedStore } from '../../../src-main/node/llm/speedStore.js';
import { silentLogger } from '../../../src-main/node/logger.js';

const GiB = 2 ** 30;
const dir = mkdtempSync(join(tmpdir(), 'speed-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manager = (speeds: SpeedStore, gpu = false) =>
  new ModelManager({
    modelsDir: dir,
    logger: silentLogger,
    catalog: loadCatalog(),
    memory: () => Promise.resolve({ ramBytes: 24 * GiB, freeRamBytes: 20 * GiB, vramBytes: gpu ? 24 * GiB : 0 }),
    profile: machineProfile({
      probeCache: join(dir, 'probe.json'),
      threads: () => 1,
      logger: silentLogger,
      gpuFacts: () => Promise.resolve(gpu ? { kind: 'cuda', names: ['NVIDIA GeForce RTX 4090'], vramTotal: 24 * GiB, vramFree: 23 * GiB, unified: false } : null),
    }),
    speeds,
  });

describe('catalogue speeds', () => {
  it('recommends a small model on this 2-core machine although Qwen3 14B fits its memory', async () => {
    const list = await manager(new SpeedStore(join(dir, 'none.json'))).list();
    expect(list.find((m) => m.id === 'qwen3-14b-q4')?.fits).toBe(true);
    const pick = list.find((m) => m.recommended);
    expect(pick?.sizeBytes).toBeLessThan(3e9);
    // A probe starved by a busy machine reads a slow memory: then even this model is under 1 token/s.
    expect(pick?.reason).toMatch(/^(about \d+ tokens?|under 1 token)\/s here/);
    for (const m of list) expect(m.speed).toMatchObject({ basis: 'estimate', engine: 'cpu' });
    expect(list.find((m) => m.id === 'qwen3-14b-q4')!.speed!.generation).toBeLessThan(pick!.speed!.generation);
  });

  it('recommends a large model where a GPU makes it fast', async () => {
    const list = await manager(new SpeedStore(join(dir, 'none.json')), true).list();
    const pick = list.find((m) => m.recommended);
    expect(pick?.sizeBytes).toBeGreaterThan(8e9);
    expect(pick?.speed?.engine).toBe('cuda');
  });

  it('shows the measured speed of a model that ran here', async () => {
    const m = manager(new SpeedStore(join(dir, 'none.json')));
    const file = join(dir, 'measured.json');
    writeFileSync(file, JSON.stringify({ [m.pathOf('qwen3-4b-q4')]: { generation: 12.5, promptReading: 95, engine: 'cpu', samples: 4, at: new Date().toISOString() } }));
    const list = await manager(new SpeedStore(file)).list();
    const measured = list.find((e) => e.id === 'qwen3-4b-q4');
    expect(measured?.speed).toEqual({ generation: 12.5, promptReading: 95, basis: 'measured', engine: 'cpu' });
    // 12.5 tokens/s passes the usable threshold, so the more capable model wins over the 1.5B one.
    expect(measured?.recommended).toBe(true);
    expect(measured?.reason).toMatch(/about 15 tokens\/s here \(measured\)/);
  });
});
