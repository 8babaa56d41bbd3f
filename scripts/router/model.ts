// The router model and its reference forward pass in plain TypeScript:
//   α_i    = weight_i · exp(s[id_i]) / Σ_j weight_j · exp(s[id_j])   (learned attention per bucket)
//   pooled = Σ α_i · E[id_i]                (embedding bag: a weighted mean of the features' embeddings)
//   h      = relu(pooled · W1 + b1)          (one hidden layer)
//   agent  = softmax(h · Wa + ba), complexity = softmax(h · Wc + bc)   (two heads)
// The ONNX export (onnx.ts) computes exactly this; the integration test holds them to it.
import type { Features } from '../../src-main/core/routing/featurizer.js';

export interface ModelDims {
  buckets: number;
  dim: number;
  hidden: number;
  agents: number;
  complexities: number;
}

export interface ModelWeights {
  dims: ModelDims;
  /** buckets × dim, row-major. */
  embedding: Float32Array;
  /**
   * One score per bucket: how much a feature counts in the mean beside the others. A plain mean
   * drowns the one telling word ("dropbox", "allume") of a long request among its many common
   * n-grams; the scores let training raise the features that decide and lower the filler.
   */
  attention: Float32Array;
  /** dim × hidden. */
  w1: Float32Array;
  b1: Float32Array;
  /** hidden × agents. */
  wa: Float32Array;
  ba: Float32Array;
  /** hidden × complexities. */
  wc: Float32Array;
  bc: Float32Array;
}

export const TENSOR_NAMES = ['embedding', 'attention', 'w1', 'b1', 'wa', 'ba', 'wc', 'bc'] as const;
export type TensorName = (typeof TENSOR_NAMES)[number];

export function tensorShape(dims: ModelDims, name: TensorName): number[] {
  const shapes: Record<TensorName, number[]> = {
    embedding: [dims.buckets, dims.dim],
    attention: [dims.buckets],
    w1: [dims.dim, dims.hidden],
    b1: [dims.hidden],
    wa: [dims.hidden, dims.agents],
    ba: [dims.agents],
    wc: [dims.hidden, dims.complexities],
    bc: [dims.complexities],
  };
  return shapes[name];
}

export function parameterCount(dims: ModelDims): number {
  return TENSOR_NAMES.reduce((sum, name) => sum + tensorShape(dims, name).reduce((a, b) => a * b, 1), 0);
}

/** mulberry32: a tiny seeded generator, so training is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function initWeights(dims: ModelDims, random: () => number, embeddingScale = 0.1): ModelWeights {
  const uniform = (n: number, scale: number) => Float32Array.from({ length: n }, () => (random() * 2 - 1) * scale);
  return {
    dims,
    embedding: uniform(dims.buckets * dims.dim, embeddingScale),
    attention: new Float32Array(dims.buckets), // all equal: the plain mean until training says otherwise
    w1: uniform(dims.dim * dims.hidden, Math.sqrt(6 / (dims.dim + dims.hidden))),
    b1: new Float32Array(dims.hidden),
    wa: uniform(dims.hidden * dims.agents, Math.sqrt(6 / (dims.hidden + dims.agents))),
    ba: new Float32Array(dims.agents),
    wc: uniform(dims.hidden * dims.complexities, Math.sqrt(6 / (dims.hidden + dims.complexities))),
    bc: new Float32Array(dims.complexities),
  };
}

export interface ForwardResult {
  pooled: Float32Array;
  /** Hidden activations after relu. */
  hidden: Float32Array;
  agent: Float32Array;
  complexity: Float32Array;
}

/** The features' shares in the pooled mean: weight_i · exp(s[id_i]), normalised (out[i] for ids[i]). */
export function attentionShares(attention: Float32Array, ids: Int32Array, weights: Float32Array, count: number, out: Float32Array | Float64Array): void {
  let max = -Infinity;
  for (let f = 0; f < count; f++) max = Math.max(max, attention[ids[f]!]!);
  let sum = 0;
  for (let f = 0; f < count; f++) sum += out[f] = weights[f]! * Math.exp(attention[ids[f]!]! - max);
  for (let f = 0; f < count; f++) out[f]! /= sum;
}

export function forward(w: ModelWeights, features: Features): ForwardResult {
  const { dim, hidden: H } = w.dims;
  const pooled = new Float32Array(dim);
  const shares = new Float64Array(features.ids.length);
  attentionShares(w.attention, features.ids, features.weights, features.ids.length, shares);
  for (let f = 0; f < features.ids.length; f++) {
    const row = features.ids[f]! * dim;
    const share = shares[f]!;
    for (let d = 0; d < dim; d++) pooled[d]! += share * w.embedding[row + d]!;
  }
  const hidden = new Float32Array(H);
  for (let j = 0; j < H; j++) {
    let s = w.b1[j]!;
    for (let d = 0; d < dim; d++) s += pooled[d]! * w.w1[d * H + j]!;
    hidden[j] = s > 0 ? s : 0;
  }
  return {
    pooled,
    hidden,
    agent: softmax(dense(hidden, w.wa, w.ba)),
    complexity: softmax(dense(hidden, w.wc, w.bc)),
  };
}

function dense(input: Float32Array, weight: Float32Array, bias: Float32Array): Float32Array {
  const out = Float32Array.from(bias);
  const width = bias.length;
  for (let i = 0; i < input.length; i++) {
    const x = input[i]!;
    if (x === 0) continue;
    for (let o = 0; o < width; o++) out[o]! += x * weight[i * width + o]!;
  }
  return out;
}

export function softmax(logits: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  const out = logits.map((v) => Math.exp(v - max));
  const sum = out.reduce((a, b) => a + b, 0);
  return out.map((v) => v / sum);
}

export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}
