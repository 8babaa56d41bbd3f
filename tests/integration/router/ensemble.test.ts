// The ensemble's storage and averaging (scripts/router/ensemble.ts, onnx.ts): int8 rows lose at most
// half a quantization step, the ONNX export reads back as the same quantized members, and the
// ensemble's output is the mean of its members' probabilities.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURIZER_CONFIG, featurize } from '../../../src-main/core/routing/featurizer.js';
import { forwardEnsemble, packEmbeddings, quantize } from '../../../scripts/router/ensemble.js';
import { forward, initWeights, seededRandom, type ModelDims } from '../../../scripts/router/model.js';
import { buildOnnxModel, readOnnxWeights } from '../../../scripts/router/onnx.js';

const dims: ModelDims = { buckets: 256, dim: 4, hidden: 6, agents: 5, complexities: 2 };
const members = [1, 2, 3].map((seed) => initWeights(dims, seededRandom(seed), 0.5));
const features = featurize('write a script that renames my photos', { ...DEFAULT_FEATURIZER_CONFIG, buckets: dims.buckets });

describe('router ensemble', () => {
  it('stores each embedding within half a step of its row scale', () => {
    const packed = packEmbeddings(members);
    const restored = quantize(members);
    let worst = 0;
    for (let row = 0; row < dims.buckets; row++) {
      for (let k = 0; k < members.length; k++) {
        for (let d = 0; d < dims.dim; d++) {
          const i = row * dims.dim + d;
          worst = Math.max(worst, Math.abs(restored[k]!.embedding[i]! - members[k]!.embedding[i]!) / packed.scales[row]!);
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(worst).toBeGreaterThan(0); // it really is quantized
  });

  it('reads back from the ONNX file as the quantized members, shape and values', () => {
    const back = readOnnxWeights(buildOnnxModel(members, {}));
    const expected = quantize(members);
    expect(back.length).toBe(3);
    back.forEach((m, k) => {
      expect(m.dims).toEqual(dims);
      expect(Array.from(m.embedding)).toEqual(Array.from(expected[k]!.embedding));
      expect(Array.from(m.w1)).toEqual(Array.from(members[k]!.w1));
      expect(Array.from(m.wa)).toEqual(Array.from(members[k]!.wa));
      expect(Array.from(m.bc)).toEqual(Array.from(members[k]!.bc));
    });
  });

  it('averages the members probabilities', () => {
    const outs = members.map((m) => forward(m, features));
    const mean = forwardEnsemble(members, features);
    for (let i = 0; i < dims.agents; i++) expect(mean.agent[i]).toBeCloseTo(outs.reduce((s, o) => s + o.agent[i]!, 0) / 3, 6);
    expect(mean.complexity.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });
});
