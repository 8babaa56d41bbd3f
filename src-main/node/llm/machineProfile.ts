// This machine's compute profile for speed estimates: the CPU probe (cached) and what llama.cpp found
// on the GPU side. Both halves fail soft: no GPU facts means a CPU estimate, never an error.
import { join } from 'node:path';
import type { Logger } from '../../core/ports.js';
import type { Importer } from '../loadOptional.js';
import { gpuProfileFrom, type GpuFacts } from './gpuProfile.js';
import type { LlamaModule } from './llamaEngine.js';
import type { ComputeProfile } from './speedEstimate.js';
import { cpuProfile } from './speedProbe.js';
import { SpeedStore } from './speedStore.js';

export interface MachineProfileOptions {
  /** Where the CPU probe's result is kept (null: measured every time, for tests). */
  probeCache: string | null;
  threads?: () => number;
  logger: Logger;
  llamaEngine?: Importer<LlamaModule>;
  /** Injected in tests: recorded detection inputs instead of the real backend. */
  gpuFacts?: () => Promise<GpuFacts | null>;
}

export function machineProfile(options: MachineProfileOptions): () => Promise<ComputeProfile> {
  let cpu: ReturnType<typeof cpuProfile> | null = null;
  return async () => {
    cpu ??= cpuProfile(options.probeCache, options.threads?.() ?? 0);
    const facts = options.gpuFacts ?? (async () => (await import('./llamaEngine.js')).detectGpuFacts(options.logger, options.llamaEngine));
    const [c, g] = await Promise.all([cpu, facts().catch(() => null)]);
    return { cpu: { threads: c.threads, isa: c.isa, memoryBandwidth: c.memoryBandwidth }, gpu: gpuProfileFrom(g) };
  };
}

/** What a ModelManager needs for speeds and the GPU fit: the profile, measured speeds, RAM and VRAM. */
export function speedSources(dataDir: string, modelsDir: string, logger: Logger, llamaEngine?: Importer<LlamaModule>) {
  return {
    profile: machineProfile({ probeCache: join(dataDir, 'cache', 'hardware-probe.json'), logger, llamaEngine }),
    speeds: new SpeedStore(join(modelsDir, 'speeds.json'), logger),
    memory: async () => (await import('./llamaEngine.js')).detectMachineMemory(logger, llamaEngine),
  };
}
