// The GPU half of a speed estimate: what llama.cpp found (CUDA, Vulkan or Metal, device names, VRAM)
// turned into memory bandwidth and arithmetic rate. Figures come from a short table of common cards by
// name; an unknown card gets a cautious figure for its kind, so an estimate errs towards slow.
import type { GpuProfile } from './speedEstimate.js';

export interface GpuFacts {
  kind: 'cuda' | 'vulkan' | 'metal';
  names: string[];
  vramTotal: number;
  vramFree: number;
  /** Apple silicon: the GPU uses the RAM. */
  unified: boolean;
}

const GB = 1e9;
const T = 1e12;
/** [pattern of the device name, memory bandwidth, FP16 arithmetic]: first match wins. */
const CARDS: Array<[RegExp, number, number]> = [
  [/H200/i, 4800 * GB, 990 * T],
  [/H100/i, 3350 * GB, 990 * T],
  [/A100/i, 1900 * GB, 312 * T],
  [/RTX\s*5090/i, 1790 * GB, 210 * T],
  [/RTX\s*4090/i, 1008 * GB, 165 * T],
  [/RTX\s*3090/i, 936 * GB, 71 * T],
  [/RTX\s*(4080|5080)/i, 730 * GB, 100 * T],
  [/RTX\s*(4070|5070|3080)/i, 500 * GB, 60 * T],
  [/RTX\s*(4060|3070|3060|2080)/i, 300 * GB, 30 * T],
  [/GTX|MX\d|Quadro/i, 150 * GB, 8 * T],
  [/RX\s*7900/i, 900 * GB, 120 * T],
  [/RX\s*(6800|6900|7800)/i, 550 * GB, 40 * T],
  [/Radeon|RX\s*\d/i, 250 * GB, 20 * T],
  [/Arc/i, 450 * GB, 30 * T],
  [/M\d\s*Ultra/i, 800 * GB, 50 * T],
  [/M\d\s*Max/i, 400 * GB, 30 * T],
  [/M\d\s*Pro/i, 200 * GB, 12 * T],
  [/Apple|M\d/i, 100 * GB, 5 * T],
  // Integrated Intel and AMD graphics share the RAM's bandwidth.
  [/Intel|UHD|Iris|Vega|Graphics/i, 50 * GB, 2 * T],
];

const UNKNOWN: Record<GpuFacts['kind'], [number, number]> = { cuda: [300 * GB, 30 * T], vulkan: [200 * GB, 15 * T], metal: [100 * GB, 5 * T] };

export function gpuProfileFrom(facts: GpuFacts | null): GpuProfile | null {
  if (!facts) return null;
  const name = facts.names[0] ?? `${facts.kind} device`;
  const card = CARDS.find(([pattern]) => pattern.test(name));
  const [bandwidth, flops] = card ? [card[1], card[2]] : UNKNOWN[facts.kind];
  // On Apple silicon the model counts against the RAM (the fit check), and runs whole on the GPU.
  return { kind: facts.kind, name, bandwidth, flops, vramBytes: facts.unified ? 0 : facts.vramFree };
}
