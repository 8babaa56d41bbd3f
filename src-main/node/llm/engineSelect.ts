// Which llama.cpp build to try first, and what to fall back to: CUDA on an NVIDIA GPU whose driver is
// recent enough for node-llama-cpp's CUDA 12 build, Vulkan on other GPUs (and NVIDIA with an older
// driver), Metal on Apple silicon, the CPU build always last. Each step says why, for the doctor
// and the log; a pin from Settings goes first when that build is installed.
import type { DetectionInput } from './gpuDetect.js';
import type { EngineKind } from './speedEstimate.js';

/** CUDA 12 needs at least these NVIDIA drivers (CUDA's minor-version compatibility table). */
export const MIN_CUDA_DRIVER = { linux: '525.60.13', win32: '528.33' } as const;

export type EnginePin = 'auto' | EngineKind;

export interface EngineChoice {
  /** Builds to try, best first; always ends with 'cpu'. */
  order: EngineKind[];
  /** One sentence per decision: why the first, why others were passed over. */
  reasons: string[];
}

/** Compares dotted driver versions numerically ("535.104.05" > "525.60.13"). */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const b = minimum.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

export function selectEngine(input: DetectionInput, installed: readonly EngineKind[], pin: EnginePin = 'auto'): EngineChoice {
  const order: EngineKind[] = [];
  const reasons: string[] = [];
  const has = (k: EngineKind) => installed.includes(k);
  if (pin !== 'auto') {
    if (has(pin)) {
      order.push(pin);
      reasons.push(`${pin} is pinned in Settings.`);
    } else reasons.push(`${pin} is pinned in Settings but its build is not installed here; choosing automatically.`);
  }
  const nvidia = input.gpus.find((g) => g.vendor === 'nvidia');
  const minDriver = input.platform === 'win32' ? MIN_CUDA_DRIVER.win32 : MIN_CUDA_DRIVER.linux;
  if (input.gpus.some((g) => g.vendor === 'apple')) {
    if (has('metal')) order.push('metal');
    reasons.push(has('metal') ? 'Apple silicon: Metal.' : 'Apple silicon, but the Metal build is missing: CPU.');
  }
  if (nvidia) {
    const driverOk = nvidia.driver !== null && versionAtLeast(nvidia.driver, minDriver);
    if (!driverOk)
      reasons.push(`${nvidia.name}: driver ${nvidia.driver ?? 'unknown'} is older than ${minDriver}, which CUDA 12 needs; update the NVIDIA driver for CUDA. Trying Vulkan.`);
    else if (!has('cuda'))
      reasons.push(
        `${nvidia.name} (driver ${nvidia.driver}): the CUDA build is not installed (download it with \`agentic engines get cuda\` or in Settings → About this computer); trying Vulkan.`,
      );
    else {
      order.push('cuda');
      reasons.push(`${nvidia.name} (driver ${nvidia.driver}): CUDA.`);
    }
  }
  // Vulkan runs on every GPU vendor: the next try after CUDA, or the first on AMD and Intel.
  const other = input.gpus.find((g) => g.vendor !== 'apple' && g.vendor !== 'other');
  if (other && input.platform !== 'darwin') {
    if (has('vulkan')) {
      order.push('vulkan');
      if (other.vendor !== 'nvidia') reasons.push(`${other.name}: Vulkan.`);
    } else reasons.push(`${other.name}: the Vulkan build is not installed; the CPU runs the model.`);
  }
  // A pinned GPU build is tried anyway (the scan can miss a card it drives); only without a pin does no GPU mean the CPU.
  if (input.gpus.length === 0)
    reasons.push(
      order[0] !== undefined && order[0] !== 'cpu' ? `No GPU found by the scan: ${order[0]} is tried as pinned, then the CPU.` : 'No GPU found: the CPU runs the model.',
    );
  order.push('cpu');
  return { order: [...new Set(order)], reasons };
}
