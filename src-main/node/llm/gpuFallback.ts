// Loading a model onto the GPU can still run out of memory after node-llama-cpp's own fitting ('auto'
// layers from free VRAM): another program took VRAM meanwhile, or the driver needs more than it
// reports. Instead of failing the turn, the load is retried with half the layers, then a quarter,
// then none (CPU), each step logged with why; the placement then carries a note saying so. The same
// steps serve a reload after a reply ran out of memory (gpuRecovery.ts).
import type { Logger } from '../../core/ports.js';

export type GpuLayers = number | 'auto';

const OUT_OF_MEMORY = /out of memory|failed to allocate|alloc.*failed|ErrorOutOfDeviceMemory|cudaMalloc|insufficient memory|VRAM/i;

export function isOutOfMemory(error: unknown): boolean {
  return OUT_OF_MEMORY.test(error instanceof Error ? error.message : String(error));
}

/** The layer counts tried after `from` layers did not fit: half, a quarter (while at least one layer), then none. */
export function fewerLayers(from: number): number[] {
  const shares = [2, 4].map((share) => Math.floor(from / share)).filter((n) => n >= 1);
  return [...new Set([...shares, 0])];
}

/** Why fewer layers run than asked for, with what runs now: the placement's note (header, Settings, doctor). */
export function outOfMemoryNote(reason: string, gpuLayers: number, totalLayers: number | null): string {
  const now = gpuLayers === 0 ? 'running on the CPU' : `running with ${gpuLayers} of ${totalLayers ?? '?'} layers`;
  return `${reason}; ${now}.`;
}

const described = (layers: GpuLayers) => (layers === 'auto' ? 'the fitted layers' : `${layers} layers`);

/** The note's reason when the load itself ran out of memory with `first` layers. */
export const loadReason = (first: GpuLayers) => `The GPU ran out of memory with ${described(first)}`;

/**
 * Calls `load` with `first`, then on an out-of-memory failure with fewer layers (fewerLayers of the
 * model's layers, or of `first` when it is a number), ending on 0 (the CPU). Other failures (a bad
 * file, a cancelled load) are thrown at once. `onFallback` receives the message shown to the user.
 */
export async function loadWithGpuFallback<T>(
  load: (gpuLayers: GpuLayers) => Promise<T>,
  options: { first: GpuLayers; totalLayers: number | null; onGpu: boolean; logger: Logger; onFallback?: (message: string) => void },
): Promise<T> {
  const { first, totalLayers } = options;
  const steps: GpuLayers[] = [first];
  if (options.onGpu && first !== 0) {
    // 999 ("all") is common in settings: the ladder starts from the layers the model has.
    const from = first === 'auto' ? (totalLayers ?? 0) : Math.min(first, totalLayers ?? first);
    steps.push(...fewerLayers(from));
  }
  let failure: unknown = null;
  for (const [i, layers] of steps.entries()) {
    try {
      return await load(layers);
    } catch (error) {
      failure = error;
      const next = steps[i + 1];
      if (!isOutOfMemory(error) || next === undefined) throw error;
      const message = `The GPU ran out of memory loading the model with ${described(layers)}; retrying with ${next === 0 ? 'none (on the CPU)' : `${next} layers`}.`;
      options.logger.warn('llama: GPU memory fallback', { layers, next, error: String(error) });
      options.onFallback?.(message);
    }
  }
  throw failure;
}
