// First run: what this machine has, and which model servers already run on loopback (Ollama, LM
// Studio, llama.cpp's server, vLLM, Jan), so a new user can start with a model they already have.
import os from 'node:os';
import type { DetectedServer, Handlers } from '../../common/contract.js';
import { isDetectableKind, providerRow, type DetectableKind } from '../../common/providers.js';
import { physicalCoreCount, systemMemory, type MachineMemory } from '../llm/hardware.js';

export interface ServerCandidate {
  name: string;
  provider: DetectableKind;
  port: number;
}

export const KNOWN_SERVERS: readonly ServerCandidate[] = [
  { name: 'Ollama', provider: 'ollama', port: 11434 },
  { name: 'LM Studio', provider: 'openai', port: 1234 },
  { name: 'llama.cpp server', provider: 'openai', port: 8080 },
  { name: 'vLLM', provider: 'openai', port: 8000 },
  { name: 'Jan', provider: 'openai', port: 1337 },
];

/**
 * The ports probed: the well-known ones, or `AGENTIC_MODEL_SERVERS="Name:openai:PORT,…"` (tests, and
 * users whose server listens elsewhere). Tests cannot count on binding the well-known ports.
 */
export function serverCandidates(env: NodeJS.ProcessEnv = process.env): ServerCandidate[] {
  const spec = env.AGENTIC_MODEL_SERVERS?.trim();
  if (!spec) return [...KNOWN_SERVERS];
  return spec.split(',').flatMap((item): ServerCandidate[] => {
    const [name, provider, port] = item.split(':').map((s) => s.trim());
    const n = Number(port);
    if (!name || !provider || !isDetectableKind(provider) || !Number.isInteger(n) || n < 1 || n > 65_535) return [];
    return [{ name, provider, port: n }];
  });
}

async function getJson(url: string, timeoutMs: number, fetchImpl: typeof fetch): Promise<unknown> {
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

const names = (list: unknown, key: 'id' | 'name'): string[] =>
  Array.isArray(list) ? list.flatMap((m) => (m && typeof (m as Record<string, unknown>)[key] === 'string' ? [(m as Record<string, string>)[key]!] : [])).slice(0, 200) : [];

async function probe(c: ServerCandidate, timeoutMs: number, fetchImpl: typeof fetch): Promise<DetectedServer | null> {
  const origin = `http://127.0.0.1:${c.port}`;
  try {
    // How each kind lists its models is the providers table's `probe` column.
    const how = providerRow(c.provider).probe;
    const body = (await getJson(`${origin}${how.modelsPath}`, timeoutMs, fetchImpl)) as Record<string, unknown> | null;
    return { name: c.name, provider: c.provider, baseUrl: `${origin}${how.apiPath}`, models: names(body?.[how.list], how.name) };
  } catch {
    return null; // nothing listening, or not that server
  }
}

/** Probes every candidate at once; a closed port answers in a millisecond, a hung one within the timeout. */
export async function detectServers(candidates: readonly ServerCandidate[], opts: { timeoutMs?: number; fetchImpl?: typeof fetch } = {}): Promise<DetectedServer[]> {
  const found = await Promise.all(candidates.map((c) => probe(c, opts.timeoutMs ?? 800, opts.fetchImpl ?? fetch)));
  return found.filter((s): s is DetectedServer => s !== null);
}

/** A native file or folder picker (the desktop app's); null when the user cancels. */
export type PathPicker = (kind: 'gguf' | 'folder') => Promise<string | null>;

export function createOnboardingHandlers(deps: {
  memory?: () => Promise<MachineMemory>;
  env?: NodeJS.ProcessEnv;
  pickPath?: PathPicker;
}): Pick<Handlers, 'system.hardware' | 'servers.detect' | 'dialog.pick'> {
  return {
    'system.hardware': async () => {
      // VRAM needs the llama.cpp backend; give it a few seconds, then answer with RAM alone.
      const fallback = new Promise<MachineMemory>((resolve) => setTimeout(() => resolve(systemMemory()), 4000).unref());
      const memory = deps.memory ? await Promise.race([deps.memory().catch(() => systemMemory()), fallback]) : systemMemory();
      return { ramBytes: memory.ramBytes, freeRamBytes: memory.freeRamBytes, vramBytes: memory.vramBytes, cpuCores: physicalCoreCount(), platform: os.platform() };
    },
    'servers.detect': async () => detectServers(serverCandidates(deps.env)),
    // The desktop app lends its native dialog; the web host and the CLI have none (the UI asks for a typed path).
    'dialog.pick': async ({ kind }) => (deps.pickPath ? { path: await deps.pickPath(kind), native: true } : { path: null, native: false }),
  };
}
