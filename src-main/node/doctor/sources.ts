// Where the doctor's facts come from on this machine. `probeEngines` loads the native engines to see
// whether they work (`agentic doctor`); without it (the start-up log) an engine not used yet is
// reported as not loaded, so starting the app still loads none of them.
import { join } from 'node:path';
import { findProvider } from '../../common/providers.js';
import type { Logger } from '../../core/ports.js';
import { detectSandbox } from '../exec/sandbox.js';
import { detectToolchains, type Toolchain } from '../exec/toolchains.js';
import { loadOptional } from '../loadOptional.js';
import { detectGpus } from '../llm/gpuDetect.js';
import { installedLlamaBuilds } from '../llm/llamaBuilds.js';
import { activeEngineKind, activeEngineReason, localEngineState, sharedLlama, type LlamaGpu } from '../llm/llamaEngine.js';
import { cpuProfile } from '../llm/speedProbe.js';
import { placementsFile, readPlacements } from '../llm/placementStore.js';
import { SpeedStore } from '../llm/speedStore.js';
import { chooseWhisperEngine, loadWhisperBuild, whisperEngineState, whisperVulkanInstalled, type WhisperBinding } from '../voice/whisperEngine.js';
import { ROUTER_ENGINE } from '../routing/onnxRouter.js';
import type { DoctorSources } from './collect.js';

const WHISPER_ENGINE = { name: 'Speech-to-text (whisper.cpp)', code: 'INTERNAL' as const, instead: 'Type your requests.' };
const NOT_LOADED = { available: null, message: 'not loaded yet (it loads when first used)' };

export interface LocalDoctorOptions {
  version: string;
  provider: { kind: string; model: string; engine: LlamaGpu; threads: number };
  dataDir: string;
  modelsDir: string;
  logger: Logger;
  probeEngines: boolean;
  /** Run the CPU probe when its result is not cached (always with probeEngines). */
  measureCpu?: boolean;
  /** The app's own detections where it has them (already run at start). */
  sandbox?: () => Promise<{ available: boolean; kind: string; warning: string | null; network?: unknown }>;
  interpreters?: () => Promise<Toolchain[]>;
  router?: () => Promise<{ available: boolean | null; message: string | null }>;
  speeds?: SpeedStore;
}

type WhisperFact = { available: boolean | null; message: string | null; engine?: string | null; reason?: string | null };

/** Loads the build speech-to-text would use (whisperEngine.ts); which device takes a model shows only once one loads. */
async function probeWhisper(pin: LlamaGpu): Promise<WhisperFact> {
  const loaded = await loadOptional(WHISPER_ENGINE, async () => {
    const mod = (await import('@fugood/whisper.node')) as unknown as WhisperBinding<unknown> & { default?: WhisperBinding<unknown> };
    const binding = typeof mod.loadWhisperModule === 'function' ? mod : mod.default!;
    const choice = chooseWhisperEngine(await detectGpus(), whisperVulkanInstalled(), pin === false ? 'cpu' : pin);
    return loadWhisperBuild(binding, choice);
  });
  if (!loaded.available) return { available: false, message: loaded.error.message };
  const { build, reason } = loaded.module;
  return build === 'vulkan'
    ? { available: true, message: null, engine: null, reason: `${reason} The Vulkan build is loaded; the GPU takes a model when whisper finds a device for it.` }
    : { available: true, message: null, engine: 'cpu', reason };
}

/** What the loaded model runs on when one loaded in this process; else the probe, or not loaded yet. */
async function whisperFact(o: LocalDoctorOptions): Promise<WhisperFact> {
  const current = whisperEngineState();
  if (current) return { available: true, message: null, engine: current.engine, reason: current.reason };
  return o.probeEngines ? probeWhisper(o.provider.engine) : NOT_LOADED;
}

export function localDoctorSources(o: LocalDoctorOptions): DoctorSources {
  const speeds = o.speeds ?? new SpeedStore(join(o.modelsDir, 'speeds.json'), o.logger);
  return {
    version: o.version,
    provider: { kind: o.provider.kind, model: o.provider.model },
    sandbox: o.sandbox ?? detectSandbox,
    interpreters: o.interpreters ?? detectToolchains,
    router:
      o.router ??
      (async () => {
        if (!o.probeEngines) return NOT_LOADED;
        const loaded = await loadOptional(ROUTER_ENGINE, () => import('onnxruntime-node'));
        return loaded.available ? { available: true, message: null } : { available: false, message: loaded.error.message };
      }),
    whisper: () => whisperFact(o),
    llama: {
      state: async () => {
        if (o.probeEngines && findProvider(o.provider.kind)?.embedded) await sharedLlama(o.provider.engine, o.logger).catch(() => undefined);
        const s = localEngineState();
        return s.available === null ? NOT_LOADED : s;
      },
      inUse: () => (localEngineState().available ? activeEngineKind() : null),
      reason: activeEngineReason,
      installed: () => installedLlamaBuilds(),
    },
    gpus: () => detectGpus(),
    cpu: () => cpuProfile(join(o.dataDir, 'cache', 'hardware-probe.json'), o.provider.threads, o.probeEngines || o.measureCpu === true),
    speeds: () => speeds.all(),
    placements: () => readPlacements(placementsFile(o.modelsDir)),
  };
}
