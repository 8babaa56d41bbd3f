// Whisper's engine choice and fallback order over recorded detection inputs (no GPU, AMD/Intel/NVIDIA
// cards, Apple silicon) and recorded behaviours of the binding: the Vulkan build importing or not
// (a machine without libvulkan), whisper.cpp finding a device or not (its log lines, as printed here on
// lavapipe and with no Vulkan device), and a context that cannot be created on the GPU. The binding
// stand-in follows @fugood/whisper.node 1.1.1's lib/binding.js: one module per process, the default
// build when the variant's import fails.
import { describe, expect, it } from 'vitest';
import { parseNvidiaSmi, type DetectionInput } from '../llm/gpuDetect.js';
import { chooseWhisperEngine, gpuBackendFromLog, initWhisperContext, loadWhisperBuild, whisperVulkanPackage, type WhisperBinding } from './whisperEngine.js';

const linux = (gpus: DetectionInput['gpus']): DetectionInput => ({ platform: 'linux', arch: 'x64', gpus });
const amd = { vendor: 'amd' as const, name: 'AMD GPU', driver: null, vramBytes: null, freeVramBytes: null };
const intel = { ...amd, vendor: 'intel' as const, name: 'INTEL GPU' };
const OLD_NVIDIA = parseNvidiaSmi('NVIDIA GeForce GTX 1080, 470.223.02, 8192, 7900\n');
const APPLE: DetectionInput = { platform: 'darwin', arch: 'arm64', gpus: [{ ...amd, vendor: 'apple', name: 'Apple silicon GPU' }] };

// Lines whisper.cpp 1.1.1 logged on this machine: the Vulkan build on lavapipe, and with no Vulkan device.
const USED_GPU = ['whisper_backend_init_gpu: device 0: Vulkan0 (type: 1)', 'whisper_backend_init_gpu: using Vulkan0 backend'];
const NO_GPU = ['whisper_backend_init_gpu: device 0: CPU (type: 0)', 'whisper_backend_init_gpu: no GPU found'];
const NO_LIBVULKAN = 'libvulkan.so.1: cannot open shared object file: No such file or directory';

class VulkanContext {}
class CpuContext {}
const vulkanNative = { WhisperContext: VulkanContext };
const defaultNative = { WhisperContext: CpuContext };

/** The binding's behaviour: the variant when it imports, else the default build; the first load stays. */
function binding(opts: { vulkanImports: boolean; gpuInitFails?: string }) {
  let cache: unknown = null;
  const inits: Array<{ useGpu: boolean }> = [];
  const b: WhisperBinding<string> = {
    loadWhisperModule: (variant) => {
      cache ??= variant === 'vulkan' && opts.vulkanImports ? { ...vulkanNative, default: vulkanNative } : { ...defaultNative, default: defaultNative };
      return Promise.resolve(cache);
    },
    initWhisper: ({ useGpu }) => {
      inits.push({ useGpu });
      if (useGpu && opts.gpuInitFails) return Promise.reject(new Error(opts.gpuInitFails));
      return Promise.resolve(useGpu ? 'gpu-context' : 'cpu-context');
    },
  };
  const importVulkan = () => {
    if (!opts.vulkanImports) throw new Error(NO_LIBVULKAN);
    return vulkanNative;
  };
  return { b, inits, importVulkan };
}

const log = (lines: string[]) => () => Promise.resolve(lines);

describe('chooseWhisperEngine', () => {
  it('no GPU: the CPU, saying so', () => {
    expect(chooseWhisperEngine(linux([]), true)).toEqual({ engine: 'cpu', reason: 'No GPU found: the CPU runs speech-to-text.' });
  });
  it('AMD, Intel and NVIDIA cards (an old driver too): Vulkan', () => {
    expect(chooseWhisperEngine(linux([amd]), true)).toEqual({ engine: 'vulkan', reason: 'AMD GPU: Vulkan.' });
    expect(chooseWhisperEngine(linux([intel]), true).engine).toBe('vulkan');
    expect(chooseWhisperEngine(linux(OLD_NVIDIA), true)).toEqual({ engine: 'vulkan', reason: 'NVIDIA GeForce GTX 1080: Vulkan.' });
  });
  it('a GPU but no Vulkan build installed: the CPU, saying why', () => {
    expect(chooseWhisperEngine(linux([amd]), false)).toEqual({ engine: 'cpu', reason: 'AMD GPU: the Vulkan build of whisper is not installed here: the CPU runs speech-to-text.' });
  });
  it('Apple silicon: the default build (Metal is part of it), never Vulkan', () => {
    expect(chooseWhisperEngine(APPLE, false).engine).toBe('cpu');
    expect(chooseWhisperEngine({ ...APPLE, gpus: [] }, false).reason).toBe('No GPU found: the CPU runs speech-to-text.');
  });
  it('pins: CPU wins over a GPU; Vulkan is tried without one (a device the scan cannot see)', () => {
    expect(chooseWhisperEngine(linux([amd]), true, 'cpu')).toEqual({ engine: 'cpu', reason: 'The CPU is pinned in Settings.' });
    expect(chooseWhisperEngine(linux([]), true, 'vulkan')).toEqual({ engine: 'vulkan', reason: 'Vulkan is pinned in Settings.' });
    expect(chooseWhisperEngine(linux([]), false, 'vulkan').engine).toBe('cpu');
    // A CUDA pin is the model's: whisper has no CUDA build in the installers, so it chooses as on auto.
    expect(chooseWhisperEngine(linux([amd]), true, 'cuda').engine).toBe('vulkan');
  });
  it('names the Vulkan package only where the installers carry one', () => {
    expect(whisperVulkanPackage('linux', 'x64')).toBe('@fugood/node-whisper-linux-x64-vulkan');
    expect(whisperVulkanPackage('win32', 'x64')).toBe('@fugood/node-whisper-win32-x64-vulkan');
    expect(whisperVulkanPackage('darwin', 'arm64')).toBeNull();
    expect(whisperVulkanPackage('linux', 'arm64')).toBeNull();
  });
});

describe('whisper engine fallbacks', () => {
  it('Vulkan GPU: the Vulkan build, a context on the GPU', async () => {
    const { b, inits, importVulkan } = binding({ vulkanImports: true });
    const build = await loadWhisperBuild(b, chooseWhisperEngine(linux([amd]), true), importVulkan);
    expect(build).toEqual({ build: 'vulkan', reason: 'AMD GPU: Vulkan.' });
    const { ctx, state } = await initWhisperContext(b, 'model.bin', build, log(USED_GPU));
    expect([ctx, state.engine, inits]).toEqual(['gpu-context', 'vulkan', [{ useGpu: true }]]);
  });

  it('no GPU: the default build, a CPU context, Vulkan never imported', async () => {
    const { b, inits } = binding({ vulkanImports: true });
    const build = await loadWhisperBuild(b, chooseWhisperEngine(linux([]), true), () => {
      throw new Error('must not be imported');
    });
    const { ctx, state } = await initWhisperContext(b, 'model.bin', build, log([]));
    expect([build.build, ctx, state.engine, inits]).toEqual(['default', 'cpu-context', 'cpu', [{ useGpu: false }]]);
  });

  it('the Vulkan build does not import (no libvulkan): the default build, with the loader’s reason', async () => {
    const { b, inits, importVulkan } = binding({ vulkanImports: false });
    const build = await loadWhisperBuild(b, chooseWhisperEngine(linux([amd]), true), importVulkan);
    expect(build.build).toBe('default');
    expect(build.reason).toBe(`AMD GPU: Vulkan. The Vulkan build of whisper did not load (${NO_LIBVULKAN}); the CPU build runs speech-to-text.`);
    const { state } = await initWhisperContext(b, 'model.bin', build, log([]));
    expect([state.engine, inits]).toEqual(['cpu', [{ useGpu: false }]]);
  });

  it('the GPU context fails: the same Vulkan module runs it on the CPU', async () => {
    const { b, inits, importVulkan } = binding({ vulkanImports: true, gpuInitFails: 'Failed to load the model' });
    const build = await loadWhisperBuild(b, chooseWhisperEngine(linux([amd]), true), importVulkan);
    const { ctx, state } = await initWhisperContext(b, 'model.bin', build, log([]));
    expect([ctx, state.build, state.engine, inits]).toEqual(['cpu-context', 'vulkan', 'cpu', [{ useGpu: true }, { useGpu: false }]]);
    expect(state.reason).toBe("AMD GPU: Vulkan. Vulkan could not create the model's context (Failed to load the model); the CPU runs it.");
  });

  it('the Vulkan build finds no device (whisper.cpp falls back inside): reported as the CPU', async () => {
    const { b, importVulkan } = binding({ vulkanImports: true });
    const build = await loadWhisperBuild(b, chooseWhisperEngine(linux([]), true, 'vulkan'), importVulkan);
    const { state } = await initWhisperContext(b, 'model.bin', build, log(NO_GPU));
    expect(state).toEqual({ build: 'vulkan', engine: 'cpu', reason: 'Vulkan is pinned in Settings. The Vulkan build found no GPU device; it runs on the CPU.' });
  });

  it('the default build already loaded in this process: it stays, and the reason says so', async () => {
    const { b, importVulkan } = binding({ vulkanImports: true });
    await b.loadWhisperModule('default');
    const build = await loadWhisperBuild(b, chooseWhisperEngine(linux([amd]), true), importVulkan);
    expect(build).toEqual({ build: 'default', reason: 'AMD GPU: Vulkan. The CPU build was already loaded in this process; it runs speech-to-text.' });
  });

  it('reads whisper.cpp’s backend lines', () => {
    expect(gpuBackendFromLog(USED_GPU)).toBe('gpu');
    expect(gpuBackendFromLog(NO_GPU)).toBe('none');
    expect(gpuBackendFromLog([])).toBe('unknown');
  });
});
