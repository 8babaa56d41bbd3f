// node-llama-cpp, loaded where first needed (see loadOptional.ts): its JavaScript through a dynamic
// import, its native binary by getLlama. Where either is missing for the platform the embedded model
// is unavailable, which the app reports (app.info, the turn's error), while server and cloud
// providers keep working. One backend per process, so one state per process.
import type * as NodeLlamaCpp from 'node-llama-cpp';
import type { Llama } from 'node-llama-cpp';
import type { Logger } from '../../core/ports.js';
import { selectEngine } from './engineSelect.js';
import { detectGpus, type DetectionInput } from './gpuDetect.js';
import { noteLlamaLog } from './gpuRecovery.js';
import type { GpuFacts } from './gpuProfile.js';
import { installedLlamaBuilds } from './llamaBuilds.js';
import type { EngineKind } from './speedEstimate.js';
import { systemMemory, type MachineMemory } from './hardware.js';
import { engineUnavailable, loadOptional, type Importer, type OptionalEngine } from '../loadOptional.js';

export type LlamaModule = typeof NodeLlamaCpp;

export const LLAMA_ENGINE: OptionalEngine = {
  name: 'The embedded model engine (llama.cpp)',
  code: 'MODEL_LOAD_FAILED',
  instead: 'Use a model server (Ollama, a llama.cpp server) or a cloud provider: Settings → Model.',
};

export const importLlamaCpp: Importer<LlamaModule> = () => import('node-llama-cpp');

/** null until the engine was first needed; then whether it loaded, and why not. */
export interface EngineState {
  available: boolean | null;
  message: string | null;
}

let state: EngineState = { available: null, message: null };
export const localEngineState = (): EngineState => state;

let engineKind: EngineKind = 'cpu';
/** Which build runs the embedded model now ('cpu' until a GPU build loaded): measured speeds are kept per engine. */
export const activeEngineKind = () => engineKind;

export interface LoadedLlama {
  llama: Llama;
  module: LlamaModule;
}

let instance: Promise<LoadedLlama> | null = null;
let instanceGpu: LlamaGpu | null = null;
let engineReason: string | null = null;
/** Why the build in use was chosen (selection and fallbacks), for the doctor; null before the first load. */
export const activeEngineReason = () => engineReason;

/** false forces the CPU build; a kind is a pin from Settings (tried first when installed). */
export type LlamaGpu = 'auto' | false | EngineKind;

/** The process's llama.cpp backend; a failure is an AppError saying the engine is unavailable here. */
export function sharedLlama(gpu: LlamaGpu, logger: Logger, importer: Importer<LlamaModule> = importLlamaCpp): Promise<LoadedLlama> {
  // One native backend per process; a second getLlama with other GPU settings would load another.
  if (!instance || instanceGpu !== gpu) {
    instanceGpu = gpu;
    const loading = openLlama(gpu, logger, importer);
    instance = loading;
    // A failed load is not kept: the next call tries again (and a test may inject another importer).
    loading.catch(() => {
      if (instance === loading) instance = null;
    });
  }
  return instance;
}

async function openLlama(gpu: LlamaGpu, logger: Logger, importer: Importer<LlamaModule>): Promise<LoadedLlama> {
  const loaded = await loadOptional(LLAMA_ENGINE, importer);
  if (!loaded.available) {
    state = { available: false, message: loaded.error.message };
    throw loaded.error;
  }
  try {
    const { llama, reason } = await bestLlama(loaded.module, gpu, logger);
    state = { available: true, message: null };
    engineKind = llama.gpu || 'cpu';
    engineReason = reason;
    logger.info('llama: engine', { build: engineKind, reason });
    return { llama, module: loaded.module };
  } catch (cause) {
    // build: 'never' — no prebuilt binary fits this machine (or it would not load).
    const error = engineUnavailable(LLAMA_ENGINE, cause);
    state = { available: false, message: error.message };
    throw error;
  }
}

/**
 * Tries the chosen builds in order (engineSelect.ts); a build that fails to load is passed over, with
 * its reason. `detected` replaces this machine's GPUs and installed builds (tests: recorded inputs).
 */
export async function bestLlama(
  module: LlamaModule,
  gpu: LlamaGpu,
  logger: Logger,
  detected?: { input: DetectionInput; installed: EngineKind[] },
): Promise<{ llama: Llama; reason: string }> {
  const { getLlama, LlamaLogLevel } = module;
  const input = detected?.input ?? (gpu === false ? null : await detectGpus());
  const choice =
    gpu === false || !input
      ? { order: ['cpu' as const], reasons: ['GPU use is off for this run.'] }
      : selectEngine(input, detected?.installed ?? installedLlamaBuilds(), gpu === 'auto' ? 'auto' : gpu);
  const reasons = [...choice.reasons];
  let failure: unknown = new Error('no llama.cpp build to try');
  for (const kind of choice.order) {
    try {
      const llama = await getLlama({
        gpu: kind === 'cpu' ? false : kind,
        build: 'never',
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => {
          if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) {
            logger.error('llama.cpp', { message });
            noteLlamaLog(message); // a failed decode says only here that memory ran out (gpuRecovery.ts)
          } else if (level === LlamaLogLevel.warn) logger.warn('llama.cpp', { message });
        },
      });
      return { llama, reason: reasons.join(' ') };
    } catch (error) {
      failure = error;
      const why = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      reasons.push(`The ${kind} build did not load (${why}); falling back.`);
      logger.warn('llama: build did not load', { build: kind, error: why });
    }
  }
  throw failure;
}

/** RAM and, where llama.cpp found a GPU, its VRAM: what ModelManager's fit check needs. */
export async function detectMachineMemory(logger: Logger, engine?: Importer<LlamaModule>): Promise<MachineMemory> {
  try {
    const { llama } = await sharedLlama('auto', logger, engine);
    if (!llama.gpu) return systemMemory();
    const vram = await llama.getVramState();
    // Unified memory (Apple silicon) is the RAM itself: counting it twice would overstate what fits.
    return systemMemory(vram.unifiedSize > 0 ? 0 : vram.total);
  } catch (error) {
    logger.warn('llama: could not read GPU memory', { error: String(error) });
    return systemMemory();
  }
}

/** What llama.cpp's backend found: GPU kind, device names and VRAM; null when it runs on the CPU. */
export async function detectGpuFacts(logger: Logger, engine?: Importer<LlamaModule>): Promise<GpuFacts | null> {
  try {
    const { llama } = await sharedLlama('auto', logger, engine);
    if (!llama.gpu) return null;
    const [vram, names] = await Promise.all([llama.getVramState(), llama.getGpuDeviceNames()]);
    return { kind: llama.gpu, names, vramTotal: vram.total, vramFree: vram.free, unified: vram.unifiedSize > 0 };
  } catch (error) {
    logger.warn('llama: could not read the GPU', { error: String(error) });
    return null;
  }
}
