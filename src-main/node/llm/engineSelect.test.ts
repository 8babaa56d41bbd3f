// Engine choice over recorded detection inputs: what nvidia-smi printed on real machines, PCI vendors
// of AMD and Intel cards, Apple silicon, and a machine with no GPU (this one).
import { describe, expect, it } from 'vitest';
import { parseNvidiaSmi, type DetectionInput } from './gpuDetect.js';
import { selectEngine, versionAtLeast } from './engineSelect.js';

const linux = (gpus: DetectionInput['gpus']): DetectionInput => ({ platform: 'linux', arch: 'x64', gpus });
const NEW_DRIVER = 'NVIDIA GeForce RTX 4090, 550.54.14, 24564, 23012\n';
const OLD_DRIVER = 'NVIDIA GeForce GTX 1080, 470.223.02, 8192, 7900\n';
const amd = { vendor: 'amd' as const, name: 'AMD GPU', driver: null, vramBytes: null, freeVramBytes: null };
const intel = { ...amd, vendor: 'intel' as const, name: 'INTEL GPU' };
const ALL = ['cpu', 'vulkan', 'cuda'] as const;

describe('parseNvidiaSmi', () => {
  it('reads name, driver and memory in bytes', () => {
    expect(parseNvidiaSmi(NEW_DRIVER)).toEqual([
      { vendor: 'nvidia', name: 'NVIDIA GeForce RTX 4090', driver: '550.54.14', vramBytes: 24564 * 2 ** 20, freeVramBytes: 23012 * 2 ** 20 },
    ]);
    expect(parseNvidiaSmi('')).toEqual([]);
    expect(parseNvidiaSmi('NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver.')).toEqual([]);
  });
});

describe('selectEngine', () => {
  it('NVIDIA with a recent driver: CUDA, then Vulkan, then CPU', () => {
    const choice = selectEngine(linux(parseNvidiaSmi(NEW_DRIVER)), ALL);
    expect(choice.order).toEqual(['cuda', 'vulkan', 'cpu']);
    expect(choice.reasons[0]).toContain('driver 550.54.14');
  });
  it('NVIDIA with an old driver: Vulkan, saying which driver CUDA needs', () => {
    const choice = selectEngine(linux(parseNvidiaSmi(OLD_DRIVER)), ALL);
    expect(choice.order).toEqual(['vulkan', 'cpu']);
    expect(choice.reasons.join(' ')).toMatch(/470\.223\.02 is older than 525\.60\.13/);
  });
  it('NVIDIA without the CUDA download: Vulkan, and says how to get CUDA', () => {
    const choice = selectEngine(linux(parseNvidiaSmi(NEW_DRIVER)), ['cpu', 'vulkan']);
    expect(choice.order).toEqual(['vulkan', 'cpu']);
    expect(choice.reasons.join(' ')).toContain('the CUDA build is not installed');
  });
  it('Windows uses its own minimum driver', () => {
    const win = { platform: 'win32' as const, arch: 'x64', gpus: parseNvidiaSmi('NVIDIA GeForce RTX 3060, 528.49, 12288, 11000') };
    expect(selectEngine(win, ALL).order[0]).toBe('cuda');
    expect(selectEngine({ ...win, gpus: parseNvidiaSmi('NVIDIA GeForce RTX 3060, 527.56, 12288, 11000') }, ALL).order[0]).toBe('vulkan');
  });
  it('AMD and Intel: Vulkan', () => {
    expect(selectEngine(linux([amd]), ALL).order).toEqual(['vulkan', 'cpu']);
    expect(selectEngine(linux([intel]), ALL).order).toEqual(['vulkan', 'cpu']);
    expect(selectEngine(linux([amd]), ['cpu']).reasons.join(' ')).toContain('Vulkan build is not installed');
  });
  it('Apple silicon: Metal', () => {
    const mac = { platform: 'darwin' as const, arch: 'arm64', gpus: [{ ...amd, vendor: 'apple' as const, name: 'Apple silicon GPU' }] };
    expect(selectEngine(mac, ['metal', 'cpu']).order).toEqual(['metal', 'cpu']);
  });
  it('no GPU: the CPU, and says so', () => {
    const choice = selectEngine(linux([]), ['cpu']);
    expect(choice).toEqual({ order: ['cpu'], reasons: ['No GPU found: the CPU runs the model.'] });
  });
  it('a pin from Settings goes first when installed, and is reported when not', () => {
    expect(selectEngine(linux(parseNvidiaSmi(NEW_DRIVER)), ALL, 'vulkan').order).toEqual(['vulkan', 'cuda', 'cpu']);
    expect(selectEngine(linux(parseNvidiaSmi(NEW_DRIVER)), ALL, 'cpu').order[0]).toBe('cpu');
    const missing = selectEngine(linux([]), ['cpu'], 'cuda');
    expect(missing.order).toEqual(['cpu']);
    expect(missing.reasons[0]).toContain('not installed');
    // The scan can miss a card a pinned build drives: the pin is tried, and the reason does not claim the CPU runs it.
    expect(selectEngine(linux([]), ['vulkan', 'cpu'], 'vulkan')).toEqual({
      order: ['vulkan', 'cpu'],
      reasons: ['vulkan is pinned in Settings.', 'No GPU found by the scan: vulkan is tried as pinned, then the CPU.'],
    });
    expect(selectEngine(linux([]), ['cpu'], 'cpu').reasons).toEqual(['cpu is pinned in Settings.', 'No GPU found: the CPU runs the model.']);
  });
});

describe('versionAtLeast', () => {
  it('compares numerically, not as text', () => {
    expect(versionAtLeast('535.104.05', '525.60.13')).toBe(true);
    expect(versionAtLeast('525.60.13', '525.60.13')).toBe(true);
    expect(versionAtLeast('525.6', '525.60.13')).toBe(false);
    expect(versionAtLeast('1000', '528.33')).toBe(true);
  });
});
