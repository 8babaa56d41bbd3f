// Which whisper.cpp build runs speech-to-text: the Vulkan build (@fugood/node-whisper-<platform>-x64-vulkan,
// carried by the Linux and Windows x64 installers) where the llama engine choice sees a GPU Vulkan
// can use, or where the user pinned Vulkan; the default (CPU) build otherwise. The binding keeps one
// native module per process, but that is no trap: a Vulkan ggml build also holds the CPU backend, so
// with the Vulkan module loaded a context created with `useGpu: false` runs on the CPU (checked on
// this machine, docs/gpu-engines.md). So the fallbacks are: Vulkan module + GPU → the same module
// with `useGpu: false` when the context cannot be created → the default build only when the Vulkan
// module itself does not import (the binding's own fallback). Each step says why, for the doctor.
import { createRequire } from 'node:module';
import { selectEngine, type EnginePin } from '../llm/engineSelect.js';
import type { DetectionInput } from '../llm/gpuDetect.js';

export type WhisperEngineKind = 'cpu' | 'vulkan';

export interface WhisperEngineState {
  /** What whisper runs on now: 'vulkan' only once a context was created on a Vulkan device. */
  engine: WhisperEngineKind;
  /** Which native build is loaded ('vulkan' may still run on the CPU: see reason). */
  build: 'vulkan' | 'default';
  reason: string;
}

/** The Vulkan build's package for this platform; null where the binding has none the installers carry. */
export function whisperVulkanPackage(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string | null {
  return (platform === 'linux' || platform === 'win32') && arch === 'x64' ? `@fugood/node-whisper-${platform}-${arch}-vulkan` : null;
}

/** Loads the Vulkan build's native module the way the binding does (require by name from its folder); throws when it cannot. */
export function requireWhisperVulkan(): unknown {
  const name = whisperVulkanPackage();
  if (!name) throw new Error(`no Vulkan build of whisper for ${process.platform}-${process.arch}`);
  const require = createRequire(createRequire(import.meta.url).resolve('@fugood/whisper.node'));
  return require(name);
}

/** Whether the Vulkan build's package is present (resolved, not loaded). */
export function whisperVulkanInstalled(): boolean {
  const name = whisperVulkanPackage();
  if (!name) return false;
  try {
    createRequire(createRequire(import.meta.url).resolve('@fugood/whisper.node')).resolve(name);
    return true;
  } catch {
    return false;
  }
}

let current: WhisperEngineState | null = null;
/** What the last whisper model of this process runs on; null before one loaded. */
export const whisperEngineState = (): WhisperEngineState | null => current;
export const noteWhisperEngine = (state: WhisperEngineState): void => void (current = state);

/** Whether to try the Vulkan build, from the llama engine's detection (engineSelect.ts) and the Settings pin. */
export function chooseWhisperEngine(input: DetectionInput, vulkanInstalled: boolean, pin: EnginePin = 'auto'): { engine: WhisperEngineKind; reason: string } {
  const notInstalled = 'the Vulkan build of whisper is not installed here: the CPU runs speech-to-text.';
  if (pin === 'cpu') return { engine: 'cpu', reason: 'The CPU is pinned in Settings.' };
  if (pin === 'vulkan')
    return vulkanInstalled ? { engine: 'vulkan', reason: 'Vulkan is pinned in Settings.' } : { engine: 'cpu', reason: `Vulkan is pinned in Settings, but ${notInstalled}` };
  // The same rule as the model's engine: a GPU of a vendor Vulkan drives, on Linux or Windows.
  const gpu = input.gpus.find((g) => g.vendor !== 'apple' && g.vendor !== 'other');
  if (!gpu || selectEngine(input, ['vulkan', 'cpu']).order[0] !== 'vulkan')
    return { engine: 'cpu', reason: input.gpus.length === 0 ? 'No GPU found: the CPU runs speech-to-text.' : 'No GPU Vulkan can use here: the CPU runs speech-to-text.' };
  return vulkanInstalled ? { engine: 'vulkan', reason: `${gpu.name}: Vulkan.` } : { engine: 'cpu', reason: `${gpu.name}: ${notInstalled}` };
}

/** What whisper.cpp logged while creating a context: whether it found a GPU backend. */
export function gpuBackendFromLog(lines: readonly string[]): 'gpu' | 'none' | 'unknown' {
  if (lines.some((l) => /whisper_backend_init_gpu: using .*backend/.test(l))) return 'gpu';
  if (lines.some((l) => /whisper_backend_init_gpu: no GPU found/.test(l))) return 'none';
  return 'unknown';
}

/** The parts of @fugood/whisper.node the engine choice uses (tests pass recorded behaviours). */
export interface WhisperBinding<Ctx> {
  loadWhisperModule(variant?: 'vulkan' | 'default'): Promise<unknown>;
  initWhisper(options: { filePath: string; useGpu: boolean }): Promise<Ctx>;
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);
const nativeOf = (m: unknown) => {
  const o = m as { WhisperContext?: unknown; default?: { WhisperContext?: unknown } } | null;
  return o?.WhisperContext ?? o?.default?.WhisperContext;
};

/**
 * Loads the module for the choice: the Vulkan build when chosen and it imports, else the default.
 * `importVulkan` throws when the Vulkan build cannot load (missing package, no libvulkan).
 */
export async function loadWhisperBuild<Ctx>(
  binding: WhisperBinding<Ctx>,
  choice: { engine: WhisperEngineKind; reason: string },
  importVulkan: () => unknown = requireWhisperVulkan,
): Promise<Omit<WhisperEngineState, 'engine'>> {
  if (choice.engine !== 'vulkan') {
    await binding.loadWhisperModule('default');
    return { build: 'default', reason: choice.reason };
  }
  let vulkan: unknown;
  try {
    vulkan = importVulkan();
  } catch (error) {
    await binding.loadWhisperModule('default');
    return { build: 'default', reason: `${choice.reason} The Vulkan build of whisper did not load (${firstLine(error)}); the CPU build runs speech-to-text.` };
  }
  const loaded = await binding.loadWhisperModule('vulkan');
  // One module per process: if another caller loaded the default build first, that one stays.
  if (nativeOf(loaded) !== nativeOf(vulkan)) return { build: 'default', reason: `${choice.reason} The CPU build was already loaded in this process; it runs speech-to-text.` };
  return { build: 'vulkan', reason: choice.reason };
}

/**
 * Creates a context on the loaded build: on the GPU where the Vulkan build is loaded, falling back to
 * the CPU inside the same module when that fails. `backendLog` returns what whisper.cpp logged for it.
 */
export async function initWhisperContext<Ctx>(
  binding: WhisperBinding<Ctx>,
  filePath: string,
  build: Omit<WhisperEngineState, 'engine'>,
  backendLog: () => Promise<readonly string[]>,
): Promise<{ ctx: Ctx; state: WhisperEngineState }> {
  if (build.build !== 'vulkan') return { ctx: await binding.initWhisper({ filePath, useGpu: false }), state: { ...build, engine: 'cpu' } };
  try {
    const ctx = await binding.initWhisper({ filePath, useGpu: true });
    if (gpuBackendFromLog(await backendLog()) === 'none')
      return { ctx, state: { ...build, engine: 'cpu', reason: `${build.reason} The Vulkan build found no GPU device; it runs on the CPU.` } };
    return { ctx, state: { ...build, engine: 'vulkan' } };
  } catch (error) {
    const ctx = await binding.initWhisper({ filePath, useGpu: false });
    return { ctx, state: { ...build, engine: 'cpu', reason: `${build.reason} Vulkan could not create the model's context (${firstLine(error)}); the CPU runs it.` } };
  }
}
