// The Vulkan builds the installers carry, run for real on a Vulkan device: llama.cpp through the app's
// engine choice (Vulkan pinned) offloads the tiny GGUF and writes what the CPU build writes; whisper.cpp
// through WhisperStt (Vulkan pinned) transcribes on the device, and the same Vulkan module runs a
// context on the CPU (the fallback inside one module); with no device ggml will take, whisper says it
// runs on the CPU. Skipped, with the reason, unless the Vulkan packages are installed
// (`node scripts/install/platformPackages.mjs --installer`) and a Vulkan device is present. On a machine
// without a GPU, Mesa's lavapipe (a CPU Vulkan driver: apt-get install mesa-vulkan-drivers libvulkan1
// vulkan-tools) is such a device; ggml skips CPU-type devices unless GGML_VK_VISIBLE_DEVICES names them.
// Each part runs in a fresh process (tests/helpers/vulkanChild.ts): one native build per process.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getLlamaGpuTypes } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import { whisperVulkanInstalled } from '../../../src-main/node/voice/whisperEngine.js';

interface VulkanDevice {
  name: string;
  type: string;
}

/** vulkaninfo --summary's devices (name and PHYSICAL_DEVICE_TYPE_*), in Vulkan's order; null without vulkaninfo. */
function vulkanDevices(): VulkanDevice[] | null {
  const r = spawnSync('vulkaninfo', ['--summary'], { encoding: 'utf8', timeout: 30_000 });
  if (r.error) return null;
  const sections = r.stdout.split(/^GPU\d+:$/m).slice(1);
  return sections.map((s) => ({ name: /deviceName\s*=\s*(.+)/.exec(s)?.[1]?.trim() ?? '?', type: /deviceType\s*=\s*(\S+)/.exec(s)?.[1] ?? '?' }));
}

function llamaVulkanInstalled(): boolean {
  try {
    createRequire(createRequire(import.meta.url).resolve('node-llama-cpp')).resolve(
      `@node-llama-cpp/${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}-vulkan`,
    );
    return true;
  } catch {
    return false;
  }
}

const devices = vulkanDevices();
const supported = await getLlamaGpuTypes('supported');
const skip = !llamaVulkanInstalled()
  ? "llama.cpp's Vulkan build is not installed (node scripts/install/platformPackages.mjs --installer)"
  : !whisperVulkanInstalled()
    ? "whisper.cpp's Vulkan build is not installed (node scripts/install/platformPackages.mjs --installer)"
    : devices === null
      ? 'vulkaninfo is not installed (vulkan-tools), so no Vulkan device can be listed'
      : devices.length === 0
        ? 'vulkaninfo lists no Vulkan device'
        : !supported.includes('vulkan')
          ? `node-llama-cpp does not support Vulkan here (getLlamaGpuTypes: ${supported.join(', ')})`
          : null;
const cpuDevicesOnly = devices !== null && devices.length > 0 && devices.every((d) => d.type === 'PHYSICAL_DEVICE_TYPE_CPU');

function child(mode: 'llama' | 'whisper', showCpuDevices: boolean): Record<string, unknown> {
  const env = { ...process.env };
  delete env.GGML_VK_VISIBLE_DEVICES;
  if (showCpuDevices) env.GGML_VK_VISIBLE_DEVICES = '0';
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'helpers', 'vulkanChild.ts'), mode], { encoding: 'utf8', env, timeout: 170_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`vulkanChild ${mode} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const result = JSON.parse(line) as Record<string, unknown>;
  process.stdout.write(`vulkan-device ${mode}${showCpuDevices ? ' (GGML_VK_VISIBLE_DEVICES=0)' : ''}: ${line}\n`);
  return result;
}

interface LlamaRun {
  gpu: string | false;
  devices: string[];
  gpuLayers: number;
  tokens: number[];
}

describe.skipIf(skip !== null)(`Vulkan builds on a Vulkan device${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const device = devices?.[0]?.name ?? '';

  it('llama.cpp: the Vulkan build loads the tiny GGUF onto the device and writes what the CPU build writes', { timeout: 180_000 }, () => {
    const r = child('llama', cpuDevicesOnly) as { vulkan: LlamaRun & { reason: string }; cpu: LlamaRun };
    expect(r.vulkan).toMatchObject({ gpu: 'vulkan', devices: [device], gpuLayers: 3 });
    expect(r.vulkan.reason).toContain('vulkan is pinned in Settings.');
    expect(r.cpu).toMatchObject({ gpu: false, gpuLayers: 0 });
    expect(r.vulkan.tokens).toHaveLength(16);
    // Greedy decoding of the same weights: the first tokens agree (later ones may part on near-ties in
    // float order, the model being random).
    expect(r.vulkan.tokens.slice(0, 4)).toEqual(r.cpu.tokens.slice(0, 4));
  });

  it('whisper.cpp: transcribes on the device, and the same Vulkan module runs a CPU context', { timeout: 180_000 }, () => {
    const r = child('whisper', cpuDevicesOnly) as {
      engine: { build: string; engine: string; reason: string };
      vulkan: Array<{ text: string }>;
      cpuInVulkanModule: { text: string; backend: string };
    };
    expect(r.engine).toEqual({ build: 'vulkan', engine: 'vulkan', reason: 'Vulkan is pinned in Settings.' });
    for (const t of r.vulkan) expect(t.text.length).toBeGreaterThan(0);
    expect(r.cpuInVulkanModule.backend).toBe('none');
    expect(r.cpuInVulkanModule.text).toBe(r.vulkan[0]!.text);
  });

  it.skipIf(!cpuDevicesOnly)('whisper.cpp: where ggml takes no device (only a CPU-type one), it says the CPU runs it', { timeout: 180_000 }, () => {
    const r = child('whisper', false) as { engine: { build: string; engine: string; reason: string }; vulkan: Array<{ text: string }> };
    expect(r.engine).toEqual({ build: 'vulkan', engine: 'cpu', reason: 'Vulkan is pinned in Settings. The Vulkan build found no GPU device; it runs on the CPU.' });
    expect(r.vulkan[0]!.text.length).toBeGreaterThan(0);
  });
});
