// What this machine can run: physical cores (for llama.cpp threads), RAM and VRAM (for the model fit check).
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Physical cores: hyperthreads share math units, so llama.cpp gains nothing from them (often loses). */
export function physicalCoreCount(cpuinfo?: string): number {
  let text = cpuinfo;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      return Math.max(1, os.availableParallelism());
    }
  }
  const cores = new Set<string>();
  let physical = '0';
  for (const line of text.split('\n')) {
    const [key, value] = line.split(':').map((s) => s.trim());
    if (key === 'physical id' && value !== undefined) physical = value;
    if (key === 'core id' && value !== undefined) cores.add(`${physical}:${value}`);
  }
  if (cores.size > 0) return cores.size;
  return Math.max(1, text ? text.split('\n').filter((l) => l.startsWith('processor')).length : os.availableParallelism());
}

/**
 * Default llama.cpp threads: physical cores minus one (the UI and tools need a core; on a 2-core
 * machine 2 threads measured ~40x slower than 1), at least 1. A setting above 0 wins.
 */
export function defaultThreadCount(setting = 0): number {
  if (setting > 0) return setting;
  return Math.max(1, physicalCoreCount() - 1);
}

export interface MachineMemory {
  ramBytes: number;
  freeRamBytes: number;
  vramBytes: number;
}

export function systemMemory(vramBytes = 0): MachineMemory {
  return { ramBytes: os.totalmem(), freeRamBytes: os.freemem(), vramBytes };
}
