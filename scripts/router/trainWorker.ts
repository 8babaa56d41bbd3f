// Trains one ensemble member in a worker thread (started by trainMembers in members.ts through
// trainWorker.mjs, which registers the TypeScript loader first). The members are independent, so a
// 2-core machine trains two at once.
import { parentPort, workerData } from 'node:worker_threads';
import type { ModelDims, ModelWeights } from './model.js';
import { train, type TrainItem, type TrainOptions } from './trainer.js';

export interface MemberJob {
  items: TrainItem[];
  dims: ModelDims;
  options: Omit<TrainOptions, 'onEpoch'>;
}

export type MemberMessage = { type: 'epoch'; epoch: number; loss: number } | { type: 'done'; weights: ModelWeights };

const job = workerData as MemberJob;
const port = parentPort!;
const weights = train(job.items, job.dims, { ...job.options, onEpoch: (epoch, loss) => port.postMessage({ type: 'epoch', epoch, loss } satisfies MemberMessage) });
const buffers = [weights.embedding, weights.attention, weights.w1, weights.b1, weights.wa, weights.ba, weights.wc, weights.bc].map((a) => a.buffer as ArrayBuffer);
port.postMessage({ type: 'done', weights } satisfies MemberMessage, buffers);
