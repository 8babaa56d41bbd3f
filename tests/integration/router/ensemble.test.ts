// The ensemble's storage and averaging (scripts/router/ensemble.ts, onnx.ts): int8 rows lose at most
// half a quantization step, scales and attention scores are float16 values, the ONNX export reads back as the same quantized members and computes
// in onnxruntime what the reference forward pass computes (attention pooling included), and the
// ensemble's output is the mean of its members' probabilities.
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { ROUTER_IO } from '../../../src-main/core/routing/manifest.js';
import { DEFAULT_FEATURIZER_CONFIG, featurize } from '../../../src-main/core/routing/featurizer.js';
import { forwardEnsemble, packEmbeddings, quantize } from '../../../scripts/router/ensemble.js';
import { attentionShares, forward, initWeights, seededRandom, type ModelDims } from '../../../scripts/router/model.js';
import { roundToFloat16 } from '../../../scripts/router/float16.js';
import { buildOnnxModel, readOnnxWeights } from '../../../scripts/router/onnx.js';

const dims: ModelDims = { buckets: 256, dim: 4, hidden: 6, agents: 5, complexities: 2 };
const members = [1, 2, 3].map((seed) => {
  const m = initWeights(dims, seededRandom(seed), 0.5);
  const random = seededRandom(seed + 100);
  // Trained scores differ from bucket to bucket and from member to member; so do these.
  return { ...m, attention: Float32Array.from(m.attention, () => (random() - 0.5) * 6) };
});
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
    for (const scale of packed.scales) expect(roundToFloat16(scale)).toBe(scale);
  });

  it('reads back from the ONNX file as the quantized members, shape and values', () => {
    const back = readOnnxWeights(buildOnnxModel(members, {}));
    const expected = quantize(members);
    expect(back.length).toBe(3);
    back.forEach((m, k) => {
      expect(m.dims).toEqual(dims);
      expect(Array.from(m.embedding)).toEqual(Array.from(expected[k]!.embedding));
      expect(Array.from(m.attention)).toEqual(Array.from(expected[k]!.attention));
      expect(Array.from(m.attention)).toEqual(Array.from(members[k]!.attention, roundToFloat16));
      expect(Array.from(m.w1)).toEqual(Array.from(members[k]!.w1));
      expect(Array.from(m.wa)).toEqual(Array.from(members[k]!.wa));
      expect(Array.from(m.bc)).toEqual(Array.from(members[k]!.bc));
    });
  });

  it('computes in onnxruntime what the reference forward pass computes, each member with its own attention', async () => {
    const session = await ort.InferenceSession.create(buildOnnxModel(members, {}));
    try {
      const expected = forwardEnsemble(quantize(members), features);
      const out = await session.run({
        [ROUTER_IO.ids]: new ort.Tensor('int32', features.ids, [features.ids.length]),
        [ROUTER_IO.weights]: new ort.Tensor('float32', features.weights, [1, features.weights.length]),
      });
      const agent = out[ROUTER_IO.agentProbs]!.data as Float32Array;
      for (let i = 0; i < dims.agents; i++) expect(agent[i]).toBeCloseTo(expected.agent[i]!, 5);
      const complexity = out[ROUTER_IO.complexityProbs]!.data as Float32Array;
      for (let i = 0; i < dims.complexities; i++) expect(complexity[i]).toBeCloseTo(expected.complexity[i]!, 5);
      // The attention really matters here: the plain mean gives other probabilities.
      const plain = forwardEnsemble(
        quantize(members).map((m) => ({ ...m, attention: new Float32Array(dims.buckets) })),
        features,
      );
      expect(Math.max(...plain.agent.map((p, i) => Math.abs(p - expected.agent[i]!)))).toBeGreaterThan(1e-3);
    } finally {
      await session.release();
    }
  });

  it('shares the mean by the feature weights when every score is equal, and favours a feature whose score is higher', () => {
    const ids = Int32Array.from([3, 7, 9]);
    const weights = Float32Array.from([0.5, 0.25, 0.25]);
    const shares = new Float64Array(3);
    attentionShares(new Float32Array(16).fill(1.5), ids, weights, 3, shares);
    expect(Array.from(shares)).toEqual([0.5, 0.25, 0.25]);
    const scores = new Float32Array(16);
    scores[9] = Math.log(3); // three times the pull of its weight
    attentionShares(scores, ids, weights, 3, shares);
    expect(shares[2]).toBeCloseTo(0.5, 6);
    expect(shares[0]).toBeCloseTo(1 / 3, 6);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('averages the members probabilities', () => {
    const outs = members.map((m) => forward(m, features));
    const mean = forwardEnsemble(members, features);
    for (let i = 0; i < dims.agents; i++) expect(mean.agent[i]).toBeCloseTo(outs.reduce((s, o) => s + o.agent[i]!, 0) / 3, 6);
    expect(mean.complexity.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });
});
