// A reply can run out of GPU memory after the model loaded: llama.cpp allocates the compute buffers
// of a batch at decode time (the first decode, or a longer prompt later), and another program may
// have taken VRAM meanwhile. Then the provider reloads the model with fewer layers (gpuFallback.ts's
// steps) and, when nothing of the reply was shown yet, runs the request once more, so the turn goes
// on; text already streamed is never written twice: that call fails, saying to send again.
import { AppError } from '../../common/errors.js';
import type { LlmDelta, Logger } from '../../core/ports.js';
import { fewerLayers, isOutOfMemory } from './gpuFallback.js';

// node-llama-cpp 3.21 (llama/addon/AddonContext.cpp, AddonContextDecodeBatchWorker) rejects a failed
// llama_decode with this text for every code but 1, so the error alone does not say "memory".
// llama.cpp (src/llama-context.cpp) returns -2 for GGML_STATUS_ALLOC_FAILED and logs it through the
// log callback first: "llama_decode: failed to decode, ret = -2"; before that the backend says why,
// e.g. "ggml_backend_cuda_buffer_type_alloc_buffer: allocating … cudaMalloc failed: out of memory"
// or "ggml_gallocr_reserve_n_impl: failed to allocate Vulkan0 buffer of size …" (ggml-alloc.c).
const DECODE_FAILED = /Eval has failed/;
const OUT_OF_MEMORY_LOG = /failed to decode, ret = -2|cudaMalloc failed|failed to allocate|out of memory|ErrorOutOfDeviceMemory|Device memory allocation/i;

let outOfMemoryLogLines = 0;

/** Fed every llama.cpp error line (llamaEngine.ts's logger): counts those that say memory ran out. */
export function noteLlamaLog(message: string): void {
  if (OUT_OF_MEMORY_LOG.test(message)) outOfMemoryLogLines++;
}

/** A mark to compare with after a call: did llama.cpp log running out of memory since? */
export const outOfMemoryLogMark = () => outOfMemoryLogLines;

/** The log reaches JavaScript through a thread-safe callback, not in order with the decode's rejection. */
const LOG_DELIVERY_MS = 50;

/** Whether a generation's failure was the GPU running out of memory (its message, or llama.cpp's log since `mark`). */
export async function ranOutOfMemory(error: unknown, mark: number, waitMs = LOG_DELIVERY_MS): Promise<boolean> {
  if (isOutOfMemory(error)) return true;
  if (!DECODE_FAILED.test(error instanceof Error ? error.message : String(error))) return false;
  if (outOfMemoryLogLines === mark) await new Promise((resolve) => setTimeout(resolve, waitMs));
  return outOfMemoryLogLines > mark;
}

export interface FailedReply {
  outOfMemory: boolean;
  aborted: boolean;
  disposed: boolean;
  /** Layers on the GPU when it failed (0: the CPU, nothing to give back). */
  gpuLayers: number;
  /** The model's layers, whose half and quarter are gpuFallback's steps; null when unknown. */
  totalLayers: number | null;
  /** Whether any of the reply (text or reasoning) reached the caller. */
  streamed: boolean;
  /** Whether this request was already run again once after a reload. */
  retried: boolean;
}

/** What to do about a failed reply: null = throw it as it is; else reload with `layers`, and run it again when `retry`. */
export function recoveryFor(f: FailedReply): { layers: number; retry: boolean } | null {
  if (!f.outOfMemory || f.aborted || f.disposed || f.gpuLayers === 0) return null;
  // The load's ladder (half, a quarter of the model's layers, none): the first step below what ran out.
  const layers = fewerLayers(f.totalLayers ?? f.gpuLayers).find((n) => n < f.gpuLayers) ?? 0;
  return { layers, retry: !f.streamed && !f.retried };
}

/** Thrown by a call that was queued on a model a reload replaced: it runs on the reloaded one instead. */
export class EngineRetired extends Error {
  constructor() {
    super('The model was reloaded before this call ran.');
  }
}

/**
 * The provider's reloads: one per replaced model however many calls failed on it. The new load is
 * installed at once (calls arriving meanwhile wait for it), the old model is marked retired (calls
 * queued on it throw EngineRetired instead of running) and freed once its running calls ended.
 */
export class EngineReloads<E extends object> {
  private readonly reloads = new WeakMap<E, Promise<E>>();

  constructor(
    private readonly ops: {
      /** Waits for the calls running on `old`, then frees it. */
      drain: (old: E) => Promise<void>;
      load: (layers: number, reason: string) => Promise<E>;
      /** Makes `next` the model later calls get. */
      install: (next: Promise<E>) => void;
    },
  ) {}

  retired(engine: E): boolean {
    return this.reloads.has(engine);
  }

  reload(old: E, layers: number, reason: string): Promise<E> {
    let next = this.reloads.get(old);
    if (!next) {
      next = this.ops.drain(old).then(() => this.ops.load(layers, reason));
      this.reloads.set(old, next);
      this.ops.install(next);
    }
    return next;
  }
}

/** One try of a request: which loaded model it ran on, and whether it showed anything. */
export interface Attempt<E> {
  engine: E | null;
  streamed: boolean;
}

/** The request with its onDelta marking the attempt as streamed once anything reaches the caller. */
export function markingStreamed<R extends { onDelta?: (delta: LlmDelta) => void }>(request: R, attempt: Attempt<unknown>): R {
  const onDelta = request.onDelta;
  if (!onDelta) return request;
  return {
    ...request,
    onDelta: (delta: LlmDelta) => {
      attempt.streamed = true;
      onDelta(delta);
    },
  };
}

interface Placed {
  gpuLayers: number;
  totalLayers: number | null;
}

export interface RecoveryDeps<E> {
  signal: AbortSignal;
  disposed: () => boolean;
  /** Where the model a call ran on was loaded. */
  placementOf: (engine: E) => Placed;
  /** Reloads with `layers` (one reload per model, shared by every call that failed on it); resolves to the layers now on the GPU and the model's. */
  reload: (engine: E, layers: number, reason: string) => Promise<Placed>;
  logger: Logger;
}

const cancelled = () => new AppError('CANCELLED', 'Cancelled.');

/** The reload goes on for the other calls; a cancelled call stops waiting for it. */
function unlessCancelled<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(cancelled());
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** Runs `attempt`, recovering from the GPU running out of memory as described at the top. */
export async function withGpuRecovery<E, T>(attempt: (a: Attempt<E>) => Promise<T>, deps: RecoveryDeps<E>): Promise<T> {
  let retried = false;
  // Each round follows a reload, and reloads end on the CPU: the bound only guards against a loop.
  for (let round = 0; ; round++) {
    const current: Attempt<E> = { engine: null, streamed: false };
    const mark = outOfMemoryLogMark();
    try {
      return await attempt(current);
    } catch (error) {
      if (error instanceof EngineRetired && round < 8) continue;
      const engine = current.engine;
      if (engine === null) throw error;
      const { gpuLayers, totalLayers } = deps.placementOf(engine);
      const outOfMemory = await ranOutOfMemory(error, mark);
      const step = recoveryFor({ outOfMemory, aborted: deps.signal.aborted, disposed: deps.disposed(), gpuLayers, totalLayers, streamed: current.streamed, retried });
      if (!step) throw error;
      deps.logger.warn('llama: the GPU ran out of memory during a reply; reloading', { gpuLayers, layers: step.layers, retry: step.retry, error: String(error) });
      const now = await unlessCancelled(deps.reload(engine, step.layers, `The GPU ran out of memory while writing a reply with ${gpuLayers} layers`), deps.signal);
      if (!step.retry) {
        const where = now.gpuLayers === 0 ? 'on the CPU' : `with ${now.gpuLayers} of ${now.totalLayers ?? '?'} layers on the GPU`;
        throw new AppError('PROVIDER_ERROR', `The GPU ran out of memory while writing this reply; the model was reloaded ${where}. Send the message again.`, { cause: error });
      }
      retried = true;
    }
  }
}
