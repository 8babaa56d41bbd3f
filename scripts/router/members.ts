// Trains the ensemble's members in parallel worker threads, one per member (each is deterministic for
// its seed, so the result does not depend on scheduling).
import { Worker } from 'node:worker_threads';
import type { ModelDims, ModelWeights } from './model.js';
import type { TrainItem, TrainOptions } from './trainer.js';
import type { MemberJob, MemberMessage } from './trainWorker.js';

const WORKER = new URL('./trainWorker.mjs', import.meta.url);

export function trainMembers(
  items: TrainItem[],
  dims: ModelDims,
  options: Omit<TrainOptions, 'onEpoch' | 'seed'>,
  seeds: number[],
  onEpoch: (member: number, epoch: number, loss: number) => void,
): Promise<ModelWeights[]> {
  return Promise.all(
    seeds.map(
      (seed, member) =>
        new Promise<ModelWeights>((resolve, reject) => {
          const job: MemberJob = { items, dims, options: { ...options, seed } };
          const worker = new Worker(WORKER, { workerData: job });
          let done = false;
          worker.on('message', (message: MemberMessage) => {
            if (message.type === 'epoch') onEpoch(member, message.epoch, message.loss);
            else {
              done = true;
              resolve(message.weights);
            }
          });
          worker.on('error', reject);
          worker.on('exit', (code) => {
            if (!done) reject(new Error(`training member ${member + 1} stopped (exit code ${code})`));
          });
        }),
    ),
  );
}
