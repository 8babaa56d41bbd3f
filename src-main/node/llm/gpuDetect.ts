// What GPUs this machine has, read without loading llama.cpp: nvidia-smi for NVIDIA cards and their
// driver, the PCI vendor ids for AMD and Intel (the kernel's on Linux, the display adapters' device
// ids through CIM on Windows), the platform for Apple silicon. These are the inputs of the engine
// choice (engineSelect.ts); tests pass recorded ones.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DetectedGpu {
  vendor: 'nvidia' | 'amd' | 'intel' | 'apple' | 'other';
  name: string;
  /** The driver version where known (NVIDIA's, from nvidia-smi). */
  driver: string | null;
  vramBytes: number | null;
  freeVramBytes: number | null;
}

export interface DetectionInput {
  platform: NodeJS.Platform;
  arch: string;
  gpus: DetectedGpu[];
}

const MiB = 2 ** 20;

/** nvidia-smi --query-gpu=name,driver_version,memory.total,memory.free --format=csv,noheader,nounits */
export function parseNvidiaSmi(text: string): DetectedGpu[] {
  return text
    .split('\n')
    .map((line) => line.split(',').map((s) => s.trim()))
    .filter((cells) => cells.length >= 4 && cells[0])
    .map(([name, driver, total, free]) => ({
      vendor: 'nvidia' as const,
      name: name!,
      driver: driver || null,
      vramBytes: Number.isFinite(Number(total)) ? Number(total) * MiB : null,
      freeVramBytes: Number.isFinite(Number(free)) ? Number(free) * MiB : null,
    }));
}

const PCI_VENDORS: Record<string, DetectedGpu['vendor']> = { '0x10de': 'nvidia', '0x1002': 'amd', '0x8086': 'intel' };

/** Display devices under /sys/class/drm (Linux): vendor by PCI id; names are left to llama.cpp. */
async function drmGpus(root = '/sys/class/drm'): Promise<DetectedGpu[]> {
  const cards = (await readdir(root).catch(() => [] as string[])).filter((c) => /^card\d+$/.test(c));
  const vendors = await Promise.all(cards.map((c) => readFile(join(root, c, 'device', 'vendor'), 'utf8').catch(() => '')));
  return vendors.flatMap((v): DetectedGpu[] => {
    const vendor = PCI_VENDORS[v.trim()];
    return vendor ? [{ vendor, name: `${vendor.toUpperCase()} GPU`, driver: null, vramBytes: null, freeVramBytes: null }] : [];
  });
}

/** Win32_VideoController's display adapters, as `ConvertTo-Json` writes them (one object, or an array). */
const WINDOWS_ADAPTERS = 'Get-CimInstance Win32_VideoController | Select-Object Name,PNPDeviceID | ConvertTo-Json -Compress';

/** The display adapters CIM lists (Windows): vendor from the PCI id in PNPDeviceID (`PCI\\VEN_1002&DEV_…`); virtual and basic display adapters have none and are left out. */
export function parseWindowsAdapters(json: string): DetectedGpu[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const adapters = (Array.isArray(parsed) ? parsed : [parsed]) as { Name?: unknown; PNPDeviceID?: unknown }[];
  return adapters.flatMap((a): DetectedGpu[] => {
    const id = /^PCI\\VEN_([0-9A-F]{4})/i.exec(typeof a?.PNPDeviceID === 'string' ? a.PNPDeviceID : '')?.[1];
    const vendor = id ? PCI_VENDORS[`0x${id.toLowerCase()}`] : undefined;
    if (!vendor) return [];
    const name = typeof a.Name === 'string' && a.Name.trim() ? a.Name.trim() : `${vendor.toUpperCase()} GPU`;
    return [{ vendor, name, driver: null, vramBytes: null, freeVramBytes: null }];
  });
}

/** Starting PowerShell takes about a second, and the adapters do not change while the app runs: read once per process. */
let windowsAdapters: Promise<DetectedGpu[]> | null = null;

async function otherGpus(platform: NodeJS.Platform): Promise<DetectedGpu[]> {
  if (platform === 'linux') return drmGpus();
  if (platform !== 'win32') return [];
  windowsAdapters ??= run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', WINDOWS_ADAPTERS]).then((json) => (json ? parseWindowsAdapters(json) : []));
  return windowsAdapters;
}

function run(file: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 5000, windowsHide: true }, (error, stdout) => resolve(error ? null : stdout));
  });
}

/** This machine's GPUs; never throws (a missing tool means that kind of GPU was not found). */
export async function detectGpus(platform: NodeJS.Platform = process.platform, arch: string = process.arch): Promise<DetectionInput> {
  if (platform === 'darwin') {
    return { platform, arch, gpus: arch === 'arm64' ? [{ vendor: 'apple', name: 'Apple silicon GPU', driver: null, vramBytes: null, freeVramBytes: null }] : [] };
  }
  const smi = await run('nvidia-smi', ['--query-gpu=name,driver_version,memory.total,memory.free', '--format=csv,noheader,nounits']);
  const nvidia = smi ? parseNvidiaSmi(smi) : [];
  // nvidia-smi names NVIDIA cards with their driver; the PCI scan adds the others (and NVIDIA's where nvidia-smi is missing).
  const others = (await otherGpus(platform)).filter((g) => g.vendor !== 'nvidia' || nvidia.length === 0);
  return { platform, arch, gpus: [...nvidia, ...others] };
}
