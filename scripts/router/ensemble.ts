// The router is an ensemble: a few members with the same shape trained from different seeds, whose
// probabilities are averaged (on the validation slice, 3 members beat a single one by about a point,
// measured before attention pooling; train.ts uses 2, one per core, to stay within the 2-minute
// training budget). To keep the file small, the members' embedding tables are stored as int8 with one
// float16 scale per bucket row, and the attention scores as float16 (on the validation slice this
// changed 1 decision in 10,079, and no probability by more than 0.01); quantize() gives the weights
// exactly as the exported model computes with them.
import type { Features } from '../../src-main/core/routing/featurizer.js';
import { roundToFloat16 } from './float16.js';
import { forward, type ModelWeights } from './model.js';

export interface EnsembleOutput {
  agent: Float32Array;
  complexity: Float32Array;
}

/** The mean of the members' probabilities: what router.onnx computes. */
export function forwardEnsemble(members: ModelWeights[], features: Features): EnsembleOutput {
  const first = members[0];
  if (!first) throw new Error('an ensemble needs at least one member');
  const agent = new Float32Array(first.dims.agents);
  const complexity = new Float32Array(first.dims.complexities);
  for (const member of members) {
    const out = forward(member, features);
    for (let i = 0; i < agent.length; i++) agent[i]! += out.agent[i]! / members.length;
    for (let i = 0; i < complexity.length; i++) complexity[i]! += out.complexity[i]! / members.length;
  }
  return { agent, complexity };
}

export interface PackedEmbedding {
  /** buckets × (members · dim), the members' rows side by side. */
  values: Int8Array;
  /** One scale per bucket (a float16 value): value = int8 · scale. */
  scales: Float32Array;
  width: number;
}

/** The members' embedding tables side by side, int8 with a symmetric float16 scale per row. */
export function packEmbeddings(members: ModelWeights[]): PackedEmbedding {
  const { buckets, dim } = members[0]!.dims;
  const width = dim * members.length;
  const values = new Int8Array(buckets * width);
  const scales = new Float32Array(buckets);
  for (let row = 0; row < buckets; row++) {
    let max = 0;
    for (const m of members) for (let d = 0; d < dim; d++) max = Math.max(max, Math.abs(m.embedding[row * dim + d]!));
    // A scale too small for float16 (a row of near-zeros) keeps the smallest normal one.
    const scale = roundToFloat16(Math.max(max / 127, MIN_SCALE));
    scales[row] = scale;
    members.forEach((m, k) => {
      for (let d = 0; d < dim; d++) {
        // Rounding the scale to float16 may put the row's largest value a hair past ±127.
        const q = Math.round(m.embedding[row * dim + d]! / scale);
        values[row * width + k * dim + d] = Math.max(-127, Math.min(127, q));
      }
    });
  }
  return { values, scales, width };
}

/** The members as the int8 file holds them: each embedding value rounded to its row's grid. */
export function unpackEmbeddings(members: ModelWeights[], packed: PackedEmbedding): ModelWeights[] {
  const { buckets, dim } = members[0]!.dims;
  return members.map((m, k) => {
    const embedding = new Float32Array(buckets * dim);
    for (let row = 0; row < buckets; row++) {
      const scale = packed.scales[row]!;
      for (let d = 0; d < dim; d++) embedding[row * dim + d] = packed.values[row * packed.width + k * dim + d]! * scale;
    }
    return { ...m, embedding };
  });
}

/** float16's smallest normal value: below it a scale would lose precision. */
const MIN_SCALE = 2 ** -14;

/** The members as router.onnx holds them: int8 embedding rows, float16 attention scores. */
export function quantize(members: ModelWeights[]): ModelWeights[] {
  return unpackEmbeddings(members, packEmbeddings(members)).map((m) => ({ ...m, attention: m.attention.map(roundToFloat16) }));
}
