import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpeedStore, speedOfCall } from './speedStore.js';

const dir = mkdtempSync(join(tmpdir(), 'speeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('speedOfCall', () => {
  it('splits a call into prompt reading (before the first token) and generation (after it)', () => {
    const speed = speedOfCall({ startedAt: 0, firstTokenAt: 500, endedAt: 2500 }, { promptTokens: 1200, completionTokens: 41, evaluatedTokens: 1000 });
    expect(speed).toEqual({ promptReading: 2000, generation: 20 });
  });
  it('ignores calls too short to time, and prompts served from the cache', () => {
    expect(speedOfCall({ startedAt: 0, firstTokenAt: 10, endedAt: 20 }, { promptTokens: 50, completionTokens: 3 })).toBeNull();
    expect(speedOfCall({ startedAt: 0, firstTokenAt: null, endedAt: 20 }, { promptTokens: 50, completionTokens: 30 })).toBeNull();
    expect(speedOfCall({ startedAt: 0, firstTokenAt: 10, endedAt: 1010 }, { promptTokens: 500, completionTokens: 21, evaluatedTokens: 4 })).toEqual({
      generation: 20,
      promptReading: null,
    });
  });
});

describe('SpeedStore', () => {
  it('averages samples per model, restarts on another engine, and survives a restart', async () => {
    const file = join(dir, 'speeds.json');
    const store = new SpeedStore(file);
    store.record('/m/a.gguf', { generation: 10, promptReading: 100, engine: 'cpu' });
    const blended = store.record('/m/a.gguf', { generation: 20, promptReading: null, engine: 'cpu' });
    expect(blended).toMatchObject({ generation: 13, promptReading: 100, samples: 2 });
    expect(store.record('/m/a.gguf', { generation: 80, promptReading: 900, engine: 'vulkan' })).toMatchObject({ generation: 80, samples: 1, engine: 'vulkan' });
    await store.flush();
    expect(new SpeedStore(file).get('/m/a.gguf')).toMatchObject({ generation: 80, engine: 'vulkan' });
    expect(new SpeedStore(file).get('/m/other.gguf')).toBeNull();
  });
  it('starts empty from a damaged file instead of failing', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"x": {"generation": "fast"}');
    expect(new SpeedStore(file).all()).toEqual({});
  });
});
