// The trainer's gradients, held to finite differences: a wrong sign or a missing term in the
// backward pass still lowers the loss a little, so only this catches it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURIZER_CONFIG, featurize } from '../../../src-main/core/routing/featurizer.js';
import { initWeights, seededRandom, type ModelDims, type ModelWeights, type TensorName } from '../../../scripts/router/model.js';
import { exampleGradients, type TrainItem } from '../../../scripts/router/trainer.js';

const dims: ModelDims = { buckets: 64, dim: 4, hidden: 5, agents: 5, complexities: 2 };
const item: TrainItem = { features: featurize('find my tax PDFs and email them', { ...DEFAULT_FEATURIZER_CONFIG, buckets: dims.buckets }), agent: 2, complexity: 1 };

function model(): ModelWeights {
  const w = initWeights(dims, seededRandom(7), 0.5);
  const random = seededRandom(8);
  return { ...w, attention: Float32Array.from(w.attention, () => random() * 2 - 1) };
}

function numeric(w: ModelWeights, name: TensorName, index: number): number {
  const h = 1e-3;
  const at = (delta: number) => {
    const copy = { ...w, [name]: Float32Array.from(w[name]) };
    copy[name][index]! += delta;
    return exampleGradients(copy, item).loss;
  };
  return (at(h) - at(-h)) / (2 * h);
}

describe('router trainer gradients', () => {
  const w = model();
  const { grad } = exampleGradients(w, item);
  const featureIds = Array.from(item.features.ids);

  it.each(['attention', 'embedding', 'w1', 'b1', 'wa', 'wc', 'bc'] as const)('matches finite differences for %s', (name) => {
    const indices = name === 'attention' ? featureIds.slice(0, 6) : name === 'embedding' ? featureIds.slice(0, 3).map((id) => id * dims.dim + 1) : [0, 1, w[name].length - 1];
    for (const i of indices) {
      const expected = numeric(w, name, i);
      // Relative: these gradients are 1e-4…1e-2, so an absolute tolerance would pass anything.
      expect(Math.abs(grad[name][i]! - expected)).toBeLessThanOrEqual(0.01 * Math.abs(expected) + 1e-7);
    }
    expect(indices.some((i) => Math.abs(grad[name][i]!) > 1e-5)).toBe(true);
  });

  it('leaves the attention of buckets the request does not use untouched', () => {
    const unused = Array.from({ length: dims.buckets }, (_, i) => i).filter((i) => !featureIds.includes(i));
    expect(unused.length).toBeGreaterThan(0);
    for (const i of unused) expect(grad.attention[i]).toBe(0);
    expect(featureIds.some((i) => grad.attention[i] !== 0)).toBe(true);
  });
});
