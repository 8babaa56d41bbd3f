import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../src-main/common/contract.js';
import { downloadRate, formatEta, needsModel, recommendedModels, speedText, type ModelEntry } from './modelChoice.js';

const entry = (id: string, sizeBytes: number, over: Partial<ModelEntry> = {}): ModelEntry => ({
  id,
  name: id,
  sizeBytes,
  license: 'MIT',
  source: `hf:x/${id}.gguf`,
  installed: false,
  fits: true,
  recommended: false,
  active: false,
  ...over,
});
const info = (kind: string): AppInfo => ({ provider: { kind } }) as unknown as AppInfo;

describe('first-run choices', () => {
  it('asks for a model only when the embedded engine has no installed active model', () => {
    const models = [entry('a', 1), entry('b', 2, { active: true })];
    expect(needsModel(info('llama'), models)).toBe(true);
    expect(needsModel(info('llama'), [entry('b', 2, { active: true, installed: true })])).toBe(false);
    expect(needsModel(info('openai'), models)).toBe(false);
    expect(needsModel(null, models)).toBe(false);
  });

  it('recommends the largest models that fit, at most three, or the smallest when none fits', () => {
    const models = [
      entry('s', 1e9),
      entry('m', 3e9),
      entry('l', 5e9),
      entry('xl', 9e9, { fits: false }),
      entry('xs', 5e8),
      entry('/tmp/own.gguf', 2e9, { source: '/tmp/own.gguf' }),
    ];
    expect(recommendedModels(models).map((m) => m.id)).toEqual(['l', 'm', 's']);
    expect(recommendedModels([entry('a', 9e9, { fits: false }), entry('b', 7e9, { fits: false })]).map((m) => m.id)).toEqual(['b']);
  });

  it('puts the best fit by speed first, then fast enough models, then slow ones fastest first', () => {
    const at = (generation: number) => ({ speed: { generation, promptReading: generation * 8, basis: 'estimate' as const, engine: 'cpu' } });
    const slowBox = [entry('1.5b', 1.1e9, at(7)), entry('4b', 2.5e9, at(3)), entry('8b', 5e9, at(1.6)), entry('14b', 9e9, at(0.9))];
    slowBox[0] = { ...slowBox[0]!, recommended: true, reason: 'about 7 tokens/s here: the fastest model that fits' };
    expect(recommendedModels(slowBox).map((m) => m.id)).toEqual(['1.5b', '4b', '8b']);
    const gpuBox = [entry('1.5b', 1.1e9, at(200)), entry('8b', 5e9, at(60)), entry('14b', 9e9, { ...at(35), recommended: true }), entry('32b', 2e10, at(4))];
    expect(recommendedModels(gpuBox).map((m) => m.id)).toEqual(['14b', '8b', '1.5b']);
    expect(speedText(slowBox[0]!)).toBe('about 7 tokens/s here');
    expect(speedText({ ...slowBox[3]!, speed: { ...slowBox[3]!.speed!, basis: 'measured' } })).toBe('under 1 token/s here (measured)');
  });

  it('measures speed over a moving window and formats the time left', () => {
    const samples = [
      { at: 0, bytes: 0 },
      { at: 1000, bytes: 1e6 },
      { at: 6000, bytes: 6e6 },
      { at: 8000, bytes: 10e6 },
    ];
    expect(downloadRate(samples)).toBeCloseTo((10e6 - 6e6) / 2, 0);
    expect(downloadRate([])).toBe(0);
    expect(formatEta(42.2)).toBe('43 s');
    expect(formatEta(125)).toBe('2 min 5 s');
    expect(formatEta(Infinity)).toBe('—');
  });
});
