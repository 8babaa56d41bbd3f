// Loading a model onto the GPU can still run out of memory after node-llama-cpp's own fitting ('auto'
// layers from free VRAM): another program took VRAM meanwhile, or the driver needs more than it
// reports. Instead of failing the turn, the load is retried with half the layers, then none (CPU),
// each step logged with why.
import type { Logger } from '../../core/ports.js';

export type GpuLayers = number | 'auto';

const OUT_OF_MEMORY = /out of memory|failed to allocate|alloc.*failed|ErrorOutOfDeviceMemory|cudaMalloc|insufficient memory|VRAM/i;

export function isOutOfMemory(error: unknown): boolean {
  return OUT_OF_MEMORY.test(error instanceof Error ? error.message : String(error));
}

/**
 * Calls `load` with `first`, then on an out-of-memory failure with half of `totalLayers`, a quarter,
 * and finally 0 (the CPU). Other failures (a bad file, a cancelled load) are thrown at once.
 * `onFallback` receives the message shown to the user.
 */
export async function loadWithGpuFallback<T>(
  load: (gpuLayers: GpuLayers) => Promise<T>,
  options: { first: GpuLayers; totalLayers: number | null; onGpu: boolean; logger: Logger; onFallback?: (message: string) => void },
): Promise<T> {
  const steps: GpuLayers[] = [options.first];
  if (options.onGpu && options.first !== 0) {
    const total = options.totalLayers ?? 0;
    for (const share of [2, 4]) if (total >= share) steps.push(Math.floor(total / share));
    steps.push(0);
  }
  let failure: unknown = null;
  for (const [i, layers] of steps.entries()) {
    try {
      return await load(layers);
    } catch (error) {
      failure = error;
      const next = steps[i + 1];
      if (!isOutOfMemory(error) || next === undefined) throw error;
      const message = `The GPU ran out of memory loading the model with ${layers === 'auto' ? 'the fitted' : layers} layers; retrying with ${next === 0 ? 'none (on the CPU)' : `${next} layers`}.`;
      options.logger.warn('llama: GPU memory fallback', { layers, next, error: String(error) });
      options.onFallback?.(message);
    }
  }
  throw failure;
}
