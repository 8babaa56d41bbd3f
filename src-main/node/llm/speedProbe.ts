// The CPU half of a speed estimate: instruction set from the CPU's flags, threads llama.cpp will use,
// and memory bandwidth measured once by copying a buffer for a fraction of a second. The result is
// cached in the data folder by CPU model and core count, so later starts read a file instead.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname } from 'node:path';
import { z } from 'zod';
import { defaultThreadCount, physicalCoreCount } from './hardware.js';
import type { CpuProfile, Isa } from './speedEstimate.js';

/** The strongest SIMD level llama.cpp's CPU kernels use, from /proc/cpuinfo's flags (Linux) or the arch. */
export function detectIsa(cpuinfo: string | null, arch: string = os.arch()): Isa {
  if (arch === 'arm64') return 'neon';
  if (cpuinfo === null) return arch === 'x64' ? 'avx2' : 'basic';
  const flags = new Set((/^(flags|Features)\s*:(.*)$/m.exec(cpuinfo)?.[2] ?? '').trim().split(/\s+/));
  if (flags.has('avx512f')) return 'avx512';
  if (flags.has('avx2') && flags.has('fma')) return 'avx2';
  if (flags.has('asimd')) return 'neon';
  return 'basic';
}

function readCpuinfo(): string | null {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return null; // macOS, Windows: the arch decides (every x64 CPU this app targets has AVX2)
  }
}

/**
 * Bytes a second one thread copies, best of a few passes over a buffer larger than the caches. Each pass
 * takes a few milliseconds and the event loop runs between passes, so the app stays responsive.
 */
export async function measureMemoryBandwidth(budgetMs = 150, bufferBytes = 64 * 2 ** 20): Promise<number> {
  const from = Buffer.alloc(bufferBytes, 1);
  const to = Buffer.alloc(bufferBytes);
  let best = 0;
  const started = performance.now();
  do {
    const t0 = performance.now();
    from.copy(to);
    const seconds = (performance.now() - t0) / 1000;
    // A copy reads and writes every byte.
    if (seconds > 0) best = Math.max(best, (2 * bufferBytes) / seconds);
    await new Promise((resolve) => setImmediate(resolve));
  } while (performance.now() - started < budgetMs);
  return best;
}

const CachedProbe = z.object({
  key: z.string(),
  isa: z.enum(['avx512', 'avx2', 'neon', 'basic']),
  memoryBandwidth: z.number().positive(),
  measuredAt: z.string(),
});

function machineKey(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  return `${os.platform()}-${os.arch()}-${cpu}-${physicalCoreCount()}-${Math.round(os.totalmem() / 2 ** 30)}GiB`;
}

/**
 * This machine's CPU profile: measured on the first call (about 150 ms, see bench) and kept in
 * `cacheFile`; a different CPU or memory size (a moved data folder) measures again. `measure` false
 * only reads the cache (the start-up log must not spend the probe's time).
 */
export async function cpuProfile(cacheFile: string | null, threadsSetting = 0, measure = true): Promise<CpuProfile & { cached: boolean }> {
  const key = machineKey();
  const threads = defaultThreadCount(threadsSetting);
  if (cacheFile) {
    try {
      const cached = CachedProbe.parse(JSON.parse(await readFile(cacheFile, 'utf8')));
      if (cached.key === key) return { threads, isa: cached.isa, memoryBandwidth: cached.memoryBandwidth, cached: true };
    } catch {
      // none yet, or unreadable: measure
    }
  }
  if (!measure) throw new Error('the CPU probe has not run here yet (it runs when the model catalogue is first listed)');
  const isa = detectIsa(readCpuinfo());
  const memoryBandwidth = await measureMemoryBandwidth();
  if (cacheFile) {
    await mkdir(dirname(cacheFile), { recursive: true });
    const record: z.infer<typeof CachedProbe> = { key, isa, memoryBandwidth, measuredAt: new Date().toISOString() };
    await writeFile(`${cacheFile}.tmp`, JSON.stringify(record, null, 2));
    await rename(`${cacheFile}.tmp`, cacheFile);
  }
  return { threads, isa, memoryBandwidth, cached: false };
}
