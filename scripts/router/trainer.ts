// Mini-batch training of the router model with Adam (lazy for the embedding: only the rows a batch
// touched are updated, which keeps an epoch proportional to the text, not to the table size).
import type { Features } from '../../src-main/core/routing/featurizer.js';
import { forward, initWeights, seededRandom, TENSOR_NAMES, type ModelDims, type ModelWeights, type TensorName } from './model.js';

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
  onEpoch?: (epoch: number, loss: number) => void;
}

/** Index of HIGH in the complexity labels (COMPLEXITIES order: LOW, HIGH). */
const HIGH = 1;

type Tensors = Record<TensorName, Float32Array>;
const zerosLike = (w: ModelWeights): Tensors =>
  Object.fromEntries(TENSOR_NAMES.map((n) => [n, new Float32Array(w[n].length)])) as Tensors;

export function train(items: TrainItem[], dims: ModelDims, options: TrainOptions): ModelWeights {
  const random = seededRandom(options.seed);
  const weights = initWeights(dims, random, options.embeddingScale);
  const grad = zerosLike(weights);
  const adamM = zerosLike(weights);
  const adamV = zerosLike(weights);
  const touched = new Uint8Array(dims.buckets);
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
        const features = dropFeatures(item.features, options.featureDropout, random);
        const agentWeight = item.complexity === HIGH ? options.highAgentWeight : 1;
        loss += backward(weights, grad, features, item, options.complexityWeight / batch.length, agentWeight / batch.length);
        for (const id of features.ids) {
          if (touched[id]) continue;
          touched[id] = 1;
          rows.push(id);
        }
      }
      step++;
      for (const name of TENSOR_NAMES) {
        if (name !== 'embedding') adamUpdate(weights[name], grad[name], adamM[name], adamV[name], 0, weights[name].length, lr, step, options.weightDecay);
      }
      for (const row of rows) {
        const from = row * dims.dim;
        adamUpdate(weights.embedding, grad.embedding, adamM.embedding, adamV.embedding, from, from + dims.dim, lr, step, options.weightDecay);
        touched[row] = 0;
      }
    }
    options.onEpoch?.(epoch, loss / items.length);
  }
  return weights;
}

/** Adds one example's gradients (scaled) into `grad`; returns its loss. */
function backward(w: ModelWeights, grad: Tensors, features: Features, item: TrainItem, complexityScale: number, agentScale: number): number {
  const { dim, hidden: H, agents: A, complexities: C } = w.dims;
  const out = forward(w, features);
  const dAgent = out.agent.map((p, i) => (p - (i === item.agent ? 1 : 0)) * agentScale);
  const dComplexity = out.complexity.map((p, i) => (p - (i === item.complexity ? 1 : 0)) * complexityScale);
  const dHidden = new Float32Array(H);
  for (let j = 0; j < H; j++) {
    const h = out.hidden[j]!;
    let g = 0;
    for (let a = 0; a < A; a++) {
      grad.wa[j * A + a]! += h * dAgent[a]!;
      g += w.wa[j * A + a]! * dAgent[a]!;
    }
    for (let c = 0; c < C; c++) {
      grad.wc[j * C + c]! += h * dComplexity[c]!;
      g += w.wc[j * C + c]! * dComplexity[c]!;
    }
    dHidden[j] = h > 0 ? g : 0;
  }
  for (let a = 0; a < A; a++) grad.ba[a]! += dAgent[a]!;
  for (let c = 0; c < C; c++) grad.bc[c]! += dComplexity[c]!;
  const dPooled = new Float32Array(dim);
  for (let d = 0; d < dim; d++) {
    const p = out.pooled[d]!;
    let g = 0;
    for (let j = 0; j < H; j++) {
      grad.w1[d * H + j]! += p * dHidden[j]!;
      g += w.w1[d * H + j]! * dHidden[j]!;
    }
    dPooled[d] = g;
  }
  for (let j = 0; j < H; j++) grad.b1[j]! += dHidden[j]!;
  for (let f = 0; f < features.ids.length; f++) {
    const row = features.ids[f]! * dim;
    const weight = features.weights[f]!;
    for (let d = 0; d < dim; d++) grad.embedding[row + d]! += weight * dPooled[d]!;
  }
  return -Math.log(Math.max(out.agent[item.agent]!, 1e-9)) - Math.log(Math.max(out.complexity[item.complexity]!, 1e-9));
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

/** Adam on params[from, to), then clears those gradients. */
function adamUpdate(params: Float32Array, grad: Float32Array, m: Float32Array, v: Float32Array, from: number, to: number, lr: number, step: number, decay: number): void {
  const correction1 = 1 - BETA1 ** step;
  const correction2 = 1 - BETA2 ** step;
  for (let i = from; i < to; i++) {
    const g = grad[i]!;
    m[i] = BETA1 * m[i]! + (1 - BETA1) * g;
    v[i] = BETA2 * v[i]! + (1 - BETA2) * g * g;
    params[i]! -= (lr * (m[i]! / correction1)) / (Math.sqrt(v[i]! / correction2) + EPSILON) + lr * decay * params[i]!;
    grad[i] = 0;
  }
}

function dropFeatures(features: Features, rate: number, random: () => number): Features {
  if (rate <= 0) return features;
  const keep: number[] = [];
  for (let i = 0; i < features.ids.length; i++) if (random() >= rate) keep.push(i);
  if (keep.length === 0) return features;
  const total = keep.reduce((s, i) => s + features.weights[i]!, 0);
  return {
    ids: Int32Array.from(keep, (i) => features.ids[i]!),
    weights: Float32Array.from(keep, (i) => features.weights[i]! / total),
  };
}

function shuffle(values: number[], random: () => number): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
}
