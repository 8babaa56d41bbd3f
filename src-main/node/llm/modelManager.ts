// The model manager: a small catalogue of recommended GGUF models, what fits this machine, downloads
// with progress and resume, deletion, and local GGUF files the user opened.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AppError } from '../../common/errors.js';
import type { ModelEntry } from '../../common/models.js';
import type { Logger } from '../../core/ports.js';
import { downloadFile, type DownloadProgress } from './download.js';
import { systemMemory, type MachineMemory } from './hardware.js';
import { estimateSpeed, recommendBySpeed, type ComputeProfile, type SpeedEstimate } from './speedEstimate.js';
import type { SpeedStore } from './speedStore.js';

export const CatalogEntrySchema = z.object({
  id: z.string().regex(/^[\w.-]+$/),
  name: z.string(),
  /** `hf:<owner>/<repo>/<file.gguf>` (whisper.cpp models: `<file.bin>`) */
  uri: z.string().regex(/^hf:[^/]+\/[^/]+\/.+\.(gguf|bin)$/),
  sizeBytes: z.number().int().positive(),
  /** sizeBytes is exact and checked after download (otherwise only the server's announced size is). */
  sizeExact: z.boolean().default(false),
  license: z.string(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;
export const CatalogSchema = z.object({ note: z.string().optional(), models: z.array(CatalogEntrySchema) });

export interface ModelManagerOptions {
  modelsDir: string;
  logger: Logger;
  /** Defaults to resources/models/catalog.json. */
  catalog?: CatalogEntry[];
  /** Where `hf:` URIs are fetched from; tests point it at a local server. */
  downloadBaseUrl?: string;
  /** RAM and VRAM of this machine; defaults to RAM only (pass VRAM from the llama backend when known). */
  memory?: () => Promise<MachineMemory>;
  retryDelayMs?: number;
  /** Checks a finished download before it is kept (default: a GGUF header); the whisper catalogue checks ggml. */
  verify?: (path: string) => Promise<void>;
  /** This machine's CPU and GPU for speed estimates (speedProbe.ts, gpuProfile.ts); without it the largest model that fits is recommended. */
  profile?: () => Promise<ComputeProfile>;
  /** Speeds measured when models ran here; they replace the estimates. */
  speeds?: SpeedStore;
}

export const DEFAULT_DOWNLOAD_BASE_URL = 'https://huggingface.co';
const GGUF_MAGIC = Buffer.from('GGUF');
const LOCAL_LIST = 'local-models.json';

export function defaultCatalogPath(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../resources/models/catalog.json');
}

export function loadCatalog(path = defaultCatalogPath()): CatalogEntry[] {
  return CatalogSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).models;
}

export function catalogFileName(entry: CatalogEntry): string {
  return entry.uri.split('/').pop() ?? `${entry.id}.gguf`;
}

/** Memory a model needs loaded: its weights plus room for a working context and runtime buffers. */
export function requiredMemoryBytes(sizeBytes: number): number {
  return Math.round(sizeBytes * 1.2 + 1.5 * 2 ** 30);
}

export function modelFits(sizeBytes: number, memory: MachineMemory): boolean {
  const need = requiredMemoryBytes(sizeBytes);
  // Leave a quarter of RAM to the system, the browser and the interpreters the agent runs.
  return need <= memory.vramBytes || need <= memory.ramBytes * 0.75;
}

/** `settings.provider.model` for llama: a catalogue id, or a path to a GGUF file. */
export function resolveModelPath(model: string, modelsDir: string, catalog: CatalogEntry[] = loadCatalog()): string {
  const entry = catalog.find((e) => e.id === model);
  if (entry) return join(modelsDir, catalogFileName(entry));
  if (model) return isAbsolute(model) ? model : resolve(model);
  const installed = [...catalog].reverse().find((e) => existsSync(join(modelsDir, catalogFileName(e))));
  if (installed) return join(modelsDir, catalogFileName(installed));
  throw new AppError('MODEL_LOAD_FAILED', 'No model chosen and none downloaded: download one in Settings → Models, or run `agentic models download ID`.');
}

export async function assertGguf(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    throw new AppError('NOT_FOUND', `No file at ${path}.`);
  }
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (!head.equals(GGUF_MAGIC)) throw new AppError('BAD_INPUT', `${basename(path)} is not a GGUF model file (choose a .gguf file made for llama.cpp).`);
  } finally {
    await handle.close();
  }
}

/** By speed where speeds are known (see speedEstimate.ts), else the largest catalogue model that fits. */
function recommendation(entries: ModelEntry[]): { id: string; reason: string | null } | null {
  const withSpeed = entries.flatMap((e) => (e.speed ? [{ id: e.id, sizeBytes: e.sizeBytes, fits: e.fits, speed: e.speed as SpeedEstimate }] : []));
  if (withSpeed.length === entries.length && withSpeed.length > 0) return recommendBySpeed(withSpeed);
  const largest = entries.filter((e) => e.fits).reduce<ModelEntry | null>((a, b) => (a && a.sizeBytes >= b.sizeBytes ? a : b), null);
  return largest ? { id: largest.id, reason: null } : null;
}

export class ModelManager {
  readonly catalog: CatalogEntry[];
  private readonly active = new Set<string>();

  constructor(private readonly options: ModelManagerOptions) {
    this.catalog = options.catalog ?? loadCatalog();
  }

  pathOf(id: string): string {
    return join(this.options.modelsDir, catalogFileName(this.entry(id)));
  }

  downloadUrl(entry: CatalogEntry): string {
    const [owner, repo, ...file] = entry.uri.slice(3).split('/');
    const base = (this.options.downloadBaseUrl ?? DEFAULT_DOWNLOAD_BASE_URL).replace(/\/+$/, '');
    return `${base}/${owner}/${repo}/resolve/main/${file.map(encodeURIComponent).join('/')}`;
  }

  /** Catalogue and opened local files; `activeModel` is settings.provider.model (an id or a path). */
  async list(activeModel = ''): Promise<ModelEntry[]> {
    const memory = await (this.options.memory ?? (() => Promise.resolve(systemMemory())))();
    const profile = this.options.profile ? await this.options.profile().catch(() => null) : null;
    const speedOf = (path: string, sizeBytes: number) => this.speedOf(path, sizeBytes, profile);
    const activePath = activeModel ? resolveModelPath(activeModel, this.options.modelsDir, this.catalog) : '';
    const entries: ModelEntry[] = this.catalog.map((e) => ({
      id: e.id,
      name: e.name,
      sizeBytes: e.sizeBytes,
      license: e.license,
      source: e.uri,
      installed: existsSync(this.pathOf(e.id)),
      fits: modelFits(e.sizeBytes, memory),
      recommended: false,
      active: activePath === this.pathOf(e.id),
      ...speedOf(this.pathOf(e.id), e.sizeBytes),
    }));
    const pick = recommendation(entries);
    const chosen = entries.find((e) => e.id === pick?.id);
    if (chosen) Object.assign(chosen, { recommended: true, ...(pick?.reason ? { reason: pick.reason } : {}) });
    for (const path of await this.localPaths()) {
      let size = 0;
      try {
        size = statSync(path).size;
      } catch {
        // moved or deleted since it was opened: listed as not installed
      }
      entries.push({
        id: path,
        name: basename(path),
        sizeBytes: size,
        license: 'unknown',
        source: path,
        installed: size > 0,
        fits: modelFits(size, memory),
        recommended: false,
        active: activePath === path,
        ...(size > 0 ? speedOf(path, size) : {}),
      });
    }
    return entries;
  }

  private speedOf(path: string, sizeBytes: number, profile: ComputeProfile | null): { speed?: SpeedEstimate } {
    const measured = this.options.speeds?.get(path);
    if (measured) {
      const estimate = profile ? estimateSpeed(sizeBytes, profile) : null;
      // A call too short to time its prompt reading leaves the estimate for that figure.
      const promptReading = measured.promptReading ?? estimate?.promptReading ?? 0;
      return { speed: { generation: measured.generation, promptReading, basis: 'measured', engine: measured.engine } };
    }
    return profile ? { speed: estimateSpeed(sizeBytes, profile) } : {};
  }

  async download(id: string, options: { signal: AbortSignal; onProgress?: (progress: DownloadProgress) => void }): Promise<{ path: string }> {
    const entry = this.entry(id);
    const dest = this.pathOf(id);
    if (existsSync(dest)) return { path: dest };
    if (this.active.has(id)) throw new AppError('BAD_INPUT', `${entry.name} is already downloading.`);
    this.active.add(id);
    try {
      await mkdir(this.options.modelsDir, { recursive: true });
      this.options.logger.info('models: download', { id, url: this.downloadUrl(entry) });
      await downloadFile({
        url: this.downloadUrl(entry),
        dest,
        signal: options.signal,
        onProgress: options.onProgress,
        expectedBytes: entry.sizeExact ? entry.sizeBytes : null,
        sha256: entry.sha256,
        retryDelayMs: this.options.retryDelayMs,
      });
      await (this.options.verify ?? assertGguf)(dest).catch(async (error: unknown) => {
        await rm(dest, { force: true });
        throw error;
      });
      return { path: dest };
    } finally {
      this.active.delete(id);
    }
  }

  /** Deletes a downloaded model (and any partial download), or forgets an opened local file (never deleting it). */
  async delete(id: string): Promise<{ deleted: boolean }> {
    if (!this.catalog.some((e) => e.id === id)) {
      const paths = await this.localPaths();
      if (!paths.includes(id)) throw new AppError('NOT_FOUND', `No model ${id}.`);
      await this.saveLocalPaths(paths.filter((p) => p !== id));
      return { deleted: true };
    }
    const path = this.pathOf(id);
    const existed = existsSync(path) || existsSync(`${path}.part`);
    await rm(path, { force: true });
    await rm(`${path}.part`, { force: true });
    return { deleted: existed };
  }

  /** Registers a GGUF file elsewhere on disk; its id is its absolute path (what settings.provider.model takes). */
  async openLocal(path: string): Promise<{ id: string }> {
    const absolute = resolve(path);
    await assertGguf(absolute);
    const paths = await this.localPaths();
    if (!paths.includes(absolute)) await this.saveLocalPaths([...paths, absolute]);
    return { id: absolute };
  }

  private entry(id: string): CatalogEntry {
    const entry = this.catalog.find((e) => e.id === id);
    if (!entry) throw new AppError('NOT_FOUND', `No model "${id}" in the catalogue: see \`agentic models list\`.`);
    return entry;
  }

  private async localPaths(): Promise<string[]> {
    try {
      const parsed = z.array(z.string()).safeParse(JSON.parse(await readFile(join(this.options.modelsDir, LOCAL_LIST), 'utf8')));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }

  private async saveLocalPaths(paths: string[]): Promise<void> {
    await mkdir(this.options.modelsDir, { recursive: true });
    const file = join(this.options.modelsDir, LOCAL_LIST);
    await writeFile(`${file}.tmp`, JSON.stringify(paths, null, 2));
    await rename(`${file}.tmp`, file);
  }
}
