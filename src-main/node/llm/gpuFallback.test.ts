import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { fewerLayers, isOutOfMemory, loadReason, loadWithGpuFallback, outOfMemoryNote, type GpuLayers } from './gpuFallback.js';

// What llama.cpp's CUDA and Vulkan backends print when an allocation fails.
const CUDA_OOM = new Error('ggml_backend_cuda_buffer_type_alloc_buffer: allocating 8192.00 MiB on device 0: cudaMalloc failed: out of memory');
const VULKAN_OOM = new Error('vk::Device::allocateMemory: ErrorOutOfDeviceMemory');

function loader(failWhile: (layers: GpuLayers) => boolean, error = CUDA_OOM) {
  const tried: GpuLayers[] = [];
  return {
    tried,
    load: async (layers: GpuLayers) => {
      tried.push(layers);
      if (failWhile(layers)) throw error;
      return `loaded with ${layers}`;
    },
  };
}

describe('loadWithGpuFallback', () => {
  it('recognises the backends’ out-of-memory messages and nothing else', () => {
    expect(isOutOfMemory(CUDA_OOM)).toBe(true);
    expect(isOutOfMemory(VULKAN_OOM)).toBe(true);
    expect(isOutOfMemory(new Error('Could not load model: not a GGUF file'))).toBe(false);
  });
  it('retries with half the layers, then a quarter, then none, saying why each time', async () => {
    const l = loader((layers) => layers === 'auto' || (typeof layers === 'number' && layers > 10), VULKAN_OOM);
    const messages: string[] = [];
    await expect(loadWithGpuFallback(l.load, { first: 'auto', totalLayers: 41, onGpu: true, logger: silentLogger, onFallback: (m) => messages.push(m) })).resolves.toBe(
      'loaded with 10',
    );
    expect(l.tried).toEqual(['auto', 20, 10]);
    expect(messages[0]).toBe('The GPU ran out of memory loading the model with the fitted layers; retrying with 20 layers.');
  });
  it('ends on the CPU when no share of the layers fits', async () => {
    const l = loader((layers) => layers !== 0);
    await expect(loadWithGpuFallback(l.load, { first: 'auto', totalLayers: 41, onGpu: true, logger: silentLogger })).resolves.toBe('loaded with 0');
    expect(l.tried).toEqual(['auto', 20, 10, 0]);
  });
  it('throws other failures at once, and does not retry on the CPU build', async () => {
    const bad = loader(() => true, new Error('not a GGUF file'));
    await expect(loadWithGpuFallback(bad.load, { first: 'auto', totalLayers: 41, onGpu: true, logger: silentLogger })).rejects.toThrow('not a GGUF file');
    expect(bad.tried).toEqual(['auto']);
    const cpu = loader(() => true);
    await expect(loadWithGpuFallback(cpu.load, { first: 'auto', totalLayers: 41, onGpu: false, logger: silentLogger })).rejects.toBe(CUDA_OOM);
    expect(cpu.tried).toEqual(['auto']);
  });
  it('starts the ladder from the model’s layers when asked for more than it has (999 = all)', async () => {
    const l = loader((layers) => layers !== 0);
    await expect(loadWithGpuFallback(l.load, { first: 999, totalLayers: 41, onGpu: true, logger: silentLogger })).resolves.toBe('loaded with 0');
    expect(l.tried).toEqual([999, 20, 10, 0]);
    expect(fewerLayers(1)).toEqual([0]);
    expect(fewerLayers(0)).toEqual([0]);
  });
});

describe('the placement’s note', () => {
  it('says why fewer layers run than fitted, and what runs now', () => {
    expect(outOfMemoryNote(loadReason('auto'), 20, 41)).toBe('The GPU ran out of memory with the fitted layers; running with 20 of 41 layers.');
    expect(outOfMemoryNote(loadReason(33), 0, 41)).toBe('The GPU ran out of memory with 33 layers; running on the CPU.');
    expect(outOfMemoryNote('The GPU ran out of memory while writing a reply with 41 layers', 20, null)).toBe(
      'The GPU ran out of memory while writing a reply with 41 layers; running with 20 of ? layers.',
    );
  });
});
