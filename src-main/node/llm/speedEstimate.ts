// How fast a GGUF model will run here, before it was ever run: generation is bound by reading every
// weight once per token (memory bandwidth, or how fast the CPU's threads can dequantise and multiply
// them), prompt reading by arithmetic (two operations per weight per token, batched). The constants
// are rough figures for llama.cpp's kernels; a measured speed (speedStore.ts) replaces the estimate
// as soon as the model has run.
import { formatSpeed, USABLE_GENERATION_TPS } from '../../common/models.js';

export type Isa = 'avx512' | 'avx2' | 'neon' | 'basic';
export type EngineKind = 'cpu' | 'cuda' | 'vulkan' | 'metal';

export interface CpuProfile {
  /** Threads llama.cpp will use (physical cores − 1 by default). */
  threads: number;
  isa: Isa;
  /** Measured by the probe (speedProbe.ts), bytes per second of one copying thread. */
  memoryBandwidth: number;
}

export interface GpuProfile {
  kind: Exclude<EngineKind, 'cpu'>;
  name: string;
  /** Bytes per second of the GPU's memory (a table by name, or a guess by kind). */
  bandwidth: number;
  /** Arithmetic a second (FP16, what llama.cpp's GPU kernels reach in practice). */
  flops: number;
  /** Free memory for weights; 0 when the GPU shares the RAM (Apple silicon counts as RAM). */
  vramBytes: number;
}

export interface ComputeProfile {
  cpu: CpuProfile;
  gpu: GpuProfile | null;
}

export interface SpeedEstimate {
  /** Tokens a second while writing. */
  generation: number;
  /** Tokens a second while reading a prompt (a web page, a file). */
  promptReading: number;
  basis: 'estimate' | 'measured';
  engine: EngineKind;
}

/** Weight bytes one CPU thread dequantises and multiplies a second, by instruction set (llama.cpp, Q4_K). */
const THREAD_WEIGHT_RATE: Record<Isa, number> = { avx512: 10e9, avx2: 6e9, neon: 5e9, basic: 1.5e9 };
/** Operations a second one CPU thread reaches in llama.cpp's batched matrix products. */
const THREAD_FLOPS: Record<Isa, number> = { avx512: 60e9, avx2: 30e9, neon: 20e9, basic: 4e9 };
/** A copy benchmark undercounts what several threads stream, and llama.cpp reaches about this share of it. */
const CPU_BANDWIDTH_USE = 0.8;
const GPU_BANDWIDTH_USE = 0.6;
const GPU_FLOPS_USE = 0.35;
/** Sampling, detokenising and the JavaScript around each token. */
const TOKEN_OVERHEAD_S = { cpu: 0.0003, gpu: 0.002 };
const PROMPT_TOKEN_OVERHEAD_S = 0.00002;
/** Q4_K_M averages about 4.85 bits a weight; the catalogue's models are all Q4_K_M. */
export const Q4_BITS_PER_WEIGHT = 4.85;

function cpuWeightRate(cpu: CpuProfile): number {
  return Math.min(cpu.memoryBandwidth * CPU_BANDWIDTH_USE * Math.max(1, cpu.threads), THREAD_WEIGHT_RATE[cpu.isa] * cpu.threads);
}

/** Share of the weights that fits on the GPU (llama.cpp offloads whole layers; this is its average). */
function gpuShare(modelBytes: number, gpu: GpuProfile | null): number {
  if (!gpu) return 0;
  if (gpu.kind === 'metal' && gpu.vramBytes === 0) return 1;
  // Keep room for the context and compute buffers.
  const room = gpu.vramBytes * 0.9 - 512 * 2 ** 20;
  return Math.max(0, Math.min(1, room / modelBytes));
}

export function estimateSpeed(modelBytes: number, profile: ComputeProfile, bitsPerWeight = Q4_BITS_PER_WEIGHT): SpeedEstimate {
  const bytes = Math.max(1, modelBytes);
  const params = (bytes * 8) / bitsPerWeight;
  const share = gpuShare(bytes, profile.gpu);
  const gpu = profile.gpu;
  const cpuRate = cpuWeightRate(profile.cpu);
  const cpuFlops = THREAD_FLOPS[profile.cpu.isa] * profile.cpu.threads;
  if (!gpu || share === 0) {
    return {
      generation: 1 / (TOKEN_OVERHEAD_S.cpu + bytes / cpuRate),
      promptReading: 1 / (PROMPT_TOKEN_OVERHEAD_S + (2 * params) / cpuFlops),
      basis: 'estimate',
      engine: 'cpu',
    };
  }
  // Layers split between the GPU and the CPU run one after the other: their times add.
  const genSeconds = TOKEN_OVERHEAD_S.gpu + (bytes * share) / (gpu.bandwidth * GPU_BANDWIDTH_USE) + (bytes * (1 - share)) / cpuRate;
  const promptSeconds = PROMPT_TOKEN_OVERHEAD_S + (2 * params * share) / (gpu.flops * GPU_FLOPS_USE) + (2 * params * (1 - share)) / cpuFlops;
  return { generation: 1 / genSeconds, promptReading: 1 / promptSeconds, basis: 'estimate', engine: gpu.kind };
}

export interface Candidate {
  id: string;
  sizeBytes: number;
  fits: boolean;
  speed: SpeedEstimate;
}

export interface Recommendation {
  id: string;
  reason: string;
}

/**
 * The most capable model (catalogue order is by size, and size by capability) that fits and writes at
 * least `threshold` tokens a second here; when none does, the fastest that fits, said to be slow.
 */
export function recommendBySpeed(candidates: readonly Candidate[], threshold = USABLE_GENERATION_TPS): Recommendation | null {
  const fitting = candidates.filter((c) => c.fits);
  const usable = fitting.filter((c) => c.speed.generation >= threshold).sort((a, b) => b.sizeBytes - a.sizeBytes);
  const best = usable[0];
  const where = (c: Candidate) => `${formatSpeed(c.speed.generation)} here${c.speed.basis === 'measured' ? ' (measured)' : ''}`;
  if (best) return { id: best.id, reason: `${where(best)}: the most capable model that writes at least ${threshold} tokens/s on this computer` };
  const fastest = [...fitting].sort((a, b) => b.speed.generation - a.speed.generation)[0];
  if (!fastest) return null;
  return { id: fastest.id, reason: `${where(fastest)}: the fastest model that fits; below the ${threshold} tokens/s an agent needs to feel responsive` };
}
