import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../src-main/common/contract.js';
import { downloadRate, formatEta, needsModel, recommendedModels, type ModelEntry } from './modelChoice.js';

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
