// Mini-batch training of the router model with Adam (lazy for the embedding: only the rows a batch
// touched are updated, which keeps an epoch proportional to the text, not to the table size).
import type { Features } from '../../src-main/core/routing/featurizer.js';
import { attentionShares, initWeights, seededRandom, TENSOR_NAMES, type ModelDims, type ModelWeights, type TensorName } from './model.js';

export interface TrainItem {
  features: Features;
  agent: number;
  complexity: number;
}

export interface TrainOptions {
  seed: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** Share of an example's features dropped at random in each epoch (regularisation). */
  featureDropout: number;
  /** Weight of the complexity loss beside the agent loss. */
  complexityWeight: number;
  /** Weight of the agent loss on HIGH examples (the planner runs them whatever the agent head says). */
  highAgentWeight: number;
  /** Decoupled weight decay (AdamW); embedding rows decay when a batch touches them. */
  weightDecay: number;
  /** Embeddings start uniform in ±embeddingScale. */
  embeddingScale: number;
  /** Learning rate of the per-bucket attention scores, relative to learningRate; 0 keeps the plain mean. */
  attentionRate: number;
  onEpoch?: (epoch: number, loss: number) => void;
}

/** Tensors indexed by bucket: only the rows a batch touched are updated. */
const SPARSE: ReadonlySet<TensorName> = new Set(['embedding', 'attention']);

/** Index of HIGH in the complexity labels (COMPLEXITIES order: LOW, HIGH). */
const HIGH = 1;

type Tensors = Record<TensorName, Float32Array>;
const zerosLike = (w: ModelWeights): Tensors => Object.fromEntries(TENSOR_NAMES.map((n) => [n, new Float32Array(w[n].length)])) as Tensors;

export function train(items: TrainItem[], dims: ModelDims, options: TrainOptions): ModelWeights {
  const random = seededRandom(options.seed);
  const weights = initWeights(dims, random, options.embeddingScale);
  const grad = zerosLike(weights);
  const adamM = zerosLike(weights);
  const adamV = zerosLike(weights);
  const touched = new Uint8Array(dims.buckets);
  const scratch = createScratch(dims, Math.max(1, ...items.map((i) => i.features.ids.length)));
  const order = items.map((_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    let loss = 0;
    const lr = options.learningRate * (1 - epoch / options.epochs) + options.learningRate * 0.05;
    for (let start = 0; start < order.length; start += options.batchSize) {
      const batch = order.slice(start, start + options.batchSize);
      const rows: number[] = [];
      for (const index of batch) {
        const item = items[index]!;
        const count = dropFeatures(item.features, options.featureDropout, random, scratch);
        const agentWeight = item.complexity === HIGH ? options.highAgentWeight : 1;
        loss += backward(weights, grad, scratch, count, item, options.complexityWeight / batch.length, agentWeight / batch.length);
        for (let f = 0; f < count; f++) {
          const id = scratch.ids[f]!;
          if (touched[id]) continue;
          touched[id] = 1;
          rows.push(id);
        }
      }
      step++;
      // Once per step, not per updated row: the powers were computed ~2,500 times a step and, as their
      // results shrank towards float64's subnormal range, made later epochs 3x slower than the first.
      const adam: AdamStep = { stepSize: lr / (1 - BETA1 ** step), correction2: 1 - BETA2 ** step, decay: lr * options.weightDecay };
      const attentionAdam: AdamStep = { ...adam, stepSize: adam.stepSize * options.attentionRate, decay: 0 };
      for (const name of TENSOR_NAMES) {
        if (!SPARSE.has(name)) adamUpdate(weights[name], grad[name], adamM[name], adamV[name], 0, weights[name].length, adam);
      }
      for (const row of rows) {
        const from = row * dims.dim;
        adamUpdate(weights.embedding, grad.embedding, adamM.embedding, adamV.embedding, from, from + dims.dim, adam);
        if (options.attentionRate > 0) adamUpdate(weights.attention, grad.attention, adamM.attention, adamV.attention, row, row + 1, attentionAdam);
        touched[row] = 0;
      }
    }
    options.onEpoch?.(epoch, loss / items.length);
  }
  return weights;
}

/**
 * One example's loss and gradients with every feature kept (no dropout): what a training step adds
 * for it. For tests, which hold it to finite differences.
 */
export function exampleGradients(weights: ModelWeights, item: TrainItem): { loss: number; grad: Record<TensorName, Float32Array> } {
  const grad = zerosLike(weights);
  const scratch = createScratch(weights.dims, item.features.ids.length);
  scratch.ids.set(item.features.ids);
  scratch.weights.set(item.features.weights);
  const loss = backward(weights, grad, scratch, item.features.ids.length, item, 1, 1);
  return { loss, grad };
}

/**
 * Buffers reused for every example: the training loop runs ~100k forward/backward passes, and
 * allocating their small arrays each time cost more than the arithmetic.
 */
interface Scratch {
  ids: Int32Array;
  weights: Float32Array;
  /** Each feature's share in the pooled mean (attentionShares). */
  shares: Float64Array;
  pooled: Float64Array;
  hidden: Float64Array;
  agent: Float64Array;
  complexity: Float64Array;
  dHidden: Float64Array;
  dPooled: Float64Array;
}

function createScratch(dims: ModelDims, maxFeatures: number): Scratch {
  return {
    ids: new Int32Array(maxFeatures),
    weights: new Float32Array(maxFeatures),
    shares: new Float64Array(maxFeatures),
    pooled: new Float64Array(dims.dim),
    hidden: new Float64Array(dims.hidden),
    agent: new Float64Array(dims.agents),
    complexity: new Float64Array(dims.complexities),
    dHidden: new Float64Array(dims.hidden),
    dPooled: new Float64Array(dims.dim),
  };
}

/** model.ts's forward() on the scratch features, into the scratch buffers (probabilities in agent/complexity). */
function forwardInto(w: ModelWeights, s: Scratch, count: number): void {
  const { dim, hidden: H } = w.dims;
  s.pooled.fill(0);
  attentionShares(w.attention, s.ids, s.weights, count, s.shares);
  for (let f = 0; f < count; f++) {
    const row = s.ids[f]! * dim;
    const share = s.shares[f]!;
    for (let d = 0; d < dim; d++) s.pooled[d]! += share * w.embedding[row + d]!;
  }
  for (let j = 0; j < H; j++) {
    let sum = w.b1[j]!;
    for (let d = 0; d < dim; d++) sum += s.pooled[d]! * w.w1[d * H + j]!;
    s.hidden[j] = sum > 0 ? sum : 0;
  }
  headInto(s.hidden, w.wa, w.ba, s.agent);
  headInto(s.hidden, w.wc, w.bc, s.complexity);
}

/** softmax(input · weight + bias) into out. */
function headInto(input: Float64Array, weight: Float32Array, bias: Float32Array, out: Float64Array): void {
  const width = out.length;
  out.set(bias);
  for (let i = 0; i < input.length; i++) {
    const x = input[i]!;
    if (x === 0) continue;
    for (let o = 0; o < width; o++) out[o]! += x * weight[i * width + o]!;
  }
  let max = -Infinity;
  for (let o = 0; o < width; o++) max = Math.max(max, out[o]!);
  let sum = 0;
  for (let o = 0; o < width; o++) sum += out[o] = Math.exp(out[o]! - max);
  for (let o = 0; o < width; o++) out[o]! /= sum;
}

/** Adds one example's gradients (scaled) into `grad`; returns its loss. The example's features are in the scratch. */
function backward(w: ModelWeights, grad: Tensors, s: Scratch, count: number, item: TrainItem, complexityScale: number, agentScale: number): number {
  const { dim, hidden: H, agents: A, complexities: C } = w.dims;
  forwardInto(w, s, count);
  const loss = -Math.log(Math.max(s.agent[item.agent]!, 1e-9)) - Math.log(Math.max(s.complexity[item.complexity]!, 1e-9));
  // The output buffers become the logits' gradients: softmax + cross-entropy → (p − onehot).
  for (let a = 0; a < A; a++) s.agent[a] = (s.agent[a]! - (a === item.agent ? 1 : 0)) * agentScale;
  for (let c = 0; c < C; c++) s.complexity[c] = (s.complexity[c]! - (c === item.complexity ? 1 : 0)) * complexityScale;
  const dAgent = s.agent;
  const dComplexity = s.complexity;
  for (let j = 0; j < H; j++) {
    const h = s.hidden[j]!;
    let g = 0;
    for (let a = 0; a < A; a++) {
      grad.wa[j * A + a]! += h * dAgent[a]!;
      g += w.wa[j * A + a]! * dAgent[a]!;
    }
    for (let c = 0; c < C; c++) {
      grad.wc[j * C + c]! += h * dComplexity[c]!;
      g += w.wc[j * C + c]! * dComplexity[c]!;
    }
    s.dHidden[j] = h > 0 ? g : 0;
  }
  for (let a = 0; a < A; a++) grad.ba[a]! += dAgent[a]!;
  for (let c = 0; c < C; c++) grad.bc[c]! += dComplexity[c]!;
  for (let d = 0; d < dim; d++) {
    const p = s.pooled[d]!;
    let g = 0;
    for (let j = 0; j < H; j++) {
      grad.w1[d * H + j]! += p * s.dHidden[j]!;
      g += w.w1[d * H + j]! * s.dHidden[j]!;
    }
    s.dPooled[d] = g;
  }
  for (let j = 0; j < H; j++) grad.b1[j]! += s.dHidden[j]!;
  // d pooled / d s_k = α_k (E_k − pooled): a feature gains weight when its embedding points where the loss wants the mean to go.
  let pooledDot = 0;
  for (let d = 0; d < dim; d++) pooledDot += s.pooled[d]! * s.dPooled[d]!;
  for (let f = 0; f < count; f++) {
    const id = s.ids[f]!;
    const row = id * dim;
    const share = s.shares[f]!;
    let rowDot = 0;
    for (let d = 0; d < dim; d++) {
      grad.embedding[row + d]! += share * s.dPooled[d]!;
      rowDot += w.embedding[row + d]! * s.dPooled[d]!;
    }
    grad.attention[id]! += share * (rowDot - pooledDot);
  }
  return loss;
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

/** What one optimiser step shares across all its updates (bias corrections computed once). */
interface AdamStep {
  /** Learning rate over the first moment's bias correction. */
  stepSize: number;
  correction2: number;
  /** Decoupled weight decay, times the learning rate. */
  decay: number;
}

/** Adam on params[from, to), then clears those gradients. */
function adamUpdate(params: Float32Array, grad: Float32Array, m: Float32Array, v: Float32Array, from: number, to: number, adam: AdamStep): void {
  const { stepSize, correction2, decay } = adam;
  for (let i = from; i < to; i++) {
    const g = grad[i]!;
    const mi = BETA1 * m[i]! + (1 - BETA1) * g;
    const vi = BETA2 * v[i]! + (1 - BETA2) * g * g;
    m[i] = mi;
    v[i] = vi;
    params[i]! -= (stepSize * mi) / (Math.sqrt(vi / correction2) + EPSILON) + decay * params[i]!;
    grad[i] = 0;
  }
}

/** Copies the features the dropout keeps into the scratch (weights renormalised); returns how many. */
function dropFeatures(features: Features, rate: number, random: () => number, s: Scratch): number {
  let count = 0;
  let total = 0;
  for (let i = 0; i < features.ids.length; i++) {
    if (rate > 0 && random() < rate) continue;
    s.ids[count] = features.ids[i]!;
    s.weights[count] = features.weights[i]!;
    total += features.weights[i]!;
    count++;
  }
  if (count === 0) {
    s.ids.set(features.ids);
    s.weights.set(features.weights);
    return features.ids.length;
  }
  for (let i = 0; i < count; i++) s.weights[i]! /= total;
  return count;
}

function shuffle(values: number[], random: () => number): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
}
