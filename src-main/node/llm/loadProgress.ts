// The embedded model's load as the header shows it. node-llama-cpp calls onLoadProgress for every
// chunk of tensors it reads (hundreds of times for a large file): the reporter passes on the first
// report, then at most one per whole percent and per interval, never a smaller value than the last,
// and always the start (0), the end (1, once the model is ready) and a failure.
import type { ModelLoad } from '../../common/events.js';
import type { Placement } from '../../common/placement.js';

export type ModelLoadListener = (load: ModelLoad) => void;

export interface LoadReporter {
  /** node-llama-cpp's onLoadProgress. */
  progress(fraction: number): void;
  /** Ready, with where node-llama-cpp put it (GPU layers, context size). */
  loaded(placement?: Placement): void;
  failed(message: string): void;
}

export function createLoadReporter(model: string, listener: ModelLoadListener | undefined, opts: { intervalMs?: number; now?: () => number } = {}): LoadReporter {
  const intervalMs = opts.intervalMs ?? 100;
  const now = opts.now ?? (() => performance.now());
  let last = 0;
  let lastAt = -Infinity;
  let done = false;
  const send = (load: Omit<ModelLoad, 'model'>) => {
    if (done || !listener) return;
    if (load.status !== 'loading') done = true;
    listener({ model, ...load });
  };
  send({ status: 'loading', progress: 0, message: null });
  return {
    progress(fraction) {
      if (!Number.isFinite(fraction)) return;
      const value = Math.min(1, Math.max(last, fraction));
      if (Math.floor(value * 100) <= Math.floor(last * 100)) return;
      // The last percent is sent by loaded(), with the model ready to use.
      if (value >= 1 || now() - lastAt < intervalMs) return;
      last = value;
      lastAt = now();
      send({ status: 'loading', progress: value, message: null });
    },
    loaded: (placement) => send({ status: 'loaded', progress: 1, message: null, ...(placement ? { placement } : {}) }),
    failed: (message) => send({ status: 'failed', progress: last, message }),
  };
}
