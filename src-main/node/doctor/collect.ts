// Gathers what the doctor reports, each fact from the code that uses it (sandbox detection, toolchain
// detection, the engines' load states, the GPU scan, the CPU probe, measured speeds). Each source
// fails soft: a fact that cannot be read is reported as unknown, never as a crash.
import os from 'node:os';
import type { DoctorReport } from '../../common/doctor.js';
import type { Toolchain } from '../exec/toolchains.js';
import type { DetectionInput } from '../llm/gpuDetect.js';
import type { CpuProfile, EngineKind } from '../llm/speedEstimate.js';
import type { MeasuredSpeed } from '../llm/speedStore.js';
import { diagnose } from './diagnose.js';
import { placementLine } from '../../common/placement.js';
import type { StoredPlacement } from '../llm/placementStore.js';

interface Availability {
  available: boolean | null;
  message: string | null;
}

export interface DoctorSources {
  version: string;
  provider: { kind: string; model: string };
  sandbox: () => Promise<{ available: boolean; kind: string; warning: string | null; network?: unknown }>;
  interpreters: () => Promise<Toolchain[]>;
  router: () => Promise<Availability>;
  whisper: () => Promise<Availability & { engine?: string | null; reason?: string | null }>;
  llama: { state: () => Promise<Availability>; inUse: () => EngineKind | null; reason: () => string | null; installed: () => EngineKind[] };
  gpus: () => Promise<DetectionInput>;
  cpu: () => Promise<CpuProfile>;
  speeds: () => Record<string, MeasuredSpeed>;
  /** Where each model last ran (placementStore.ts). */
  placements?: () => Record<string, StoredPlacement>;
}

const unknown = (error: unknown): Availability => ({ available: false, message: error instanceof Error ? error.message : String(error) });

export async function collectDoctor(src: DoctorSources): Promise<DoctorReport> {
  const [sandbox, interpreters, router, whisper, llamaState, detected, cpu] = await Promise.all([
    src.sandbox().catch((e: unknown) => ({ available: false, kind: 'none', warning: unknown(e).message })),
    src.interpreters().catch(() => [] as Toolchain[]),
    src.router().catch(unknown),
    src.whisper().catch(unknown),
    src.llama.state().catch(unknown),
    src.gpus().catch((): DetectionInput => ({ platform: process.platform, arch: process.arch, gpus: [] })),
    src.cpu().catch(() => null),
  ]);
  const facts = {
    version: src.version,
    platform: os.platform(),
    cpu: {
      model: os.cpus()[0]?.model ?? 'unknown',
      cores: os.availableParallelism(),
      threads: cpu?.threads ?? 1,
      isa: cpu?.isa ?? 'unknown',
      memoryBandwidthGBs: cpu ? Math.round(cpu.memoryBandwidth / 1e8) / 10 : null,
    },
    memory: { ramBytes: os.totalmem(), freeRamBytes: os.freemem() },
    gpus: detected.gpus.map((g) => ({ name: g.name, vendor: g.vendor, driver: g.driver, vramBytes: g.vramBytes, freeVramBytes: g.freeVramBytes })),
    llama: { installed: src.llama.installed(), inUse: src.llama.inUse(), reason: src.llama.reason(), available: llamaState.available, message: llamaState.message },
    sandbox: {
      available: sandbox.available,
      kind: sandbox.kind,
      warning: sandbox.warning,
      ...(sandbox.kind === 'bubblewrap' ? { loopbackClosed: 'network' in sandbox && sandbox.network != null } : {}),
    },
    interpreters: interpreters.map((t) => ({ language: t.language, available: t.available, version: t.version, missing: t.missing })),
    whisper,
    router,
    provider: src.provider,
    speeds: Object.entries(src.speeds()).map(([model, s]) => ({ model, generation: s.generation, promptReading: s.promptReading, engine: s.engine, samples: s.samples })),
    placements: Object.entries(src.placements?.() ?? {}).map(([model, p]) => ({ model, ...p, line: placementLine(p) })),
  };
  return { ...facts, problems: diagnose(facts) };
}
