// Whisper models through the same model manager as the GGUF models (progress, resume, SHA-256), with
// their own catalogue and folder, and a recommendation by the machine's size: speech must be
// transcribed faster than it is spoken on the CPU, so the recommendation follows cores as well as RAM.
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../common/errors.js';
import { bundledResource } from '../bundledResource.js';
import type { ModelEntry } from '../../common/models.js';
import type { Logger } from '../../core/ports.js';
import { loadCatalog, ModelManager, type CatalogEntry } from '../llm/modelManager.js';
import { systemMemory } from '../llm/hardware.js';
import { assertWhisperModel } from './stt.js';

export const DOWNLOAD_HINT = '`agentic models download whisper-base` (or Settings → Voice)';

export function whisperCatalogPath(): string {
  return bundledResource(dirname(fileURLToPath(import.meta.url)), 'voice', 'whisper-models.json');
}

export function recommendedWhisper(options: { ramBytes?: number; cores?: number; englishOnly?: boolean } = {}): string {
  const ram = options.ramBytes ?? totalmem();
  const cores = options.cores ?? cpus().length;
  const size = ram < 4 * 2 ** 30 || cores <= 2 ? 'tiny' : ram < 8 * 2 ** 30 || cores < 8 ? 'base' : 'small';
  return `whisper-${size}${options.englishOnly ? '.en' : ''}`;
}

export class WhisperModels {
  readonly manager: ModelManager;
  readonly catalog: CatalogEntry[];

  constructor(
    readonly dir: string,
    logger: Logger,
    options: { downloadBaseUrl?: string; catalog?: CatalogEntry[] } = {},
  ) {
    this.catalog = options.catalog ?? loadCatalog(whisperCatalogPath());
    this.manager = new ModelManager({
      modelsDir: dir,
      logger,
      catalog: this.catalog,
      downloadBaseUrl: options.downloadBaseUrl,
      verify: assertWhisperModel,
      memory: async () => systemMemory(),
    });
  }

  /** The model file for a setting (catalogue id, path, or empty = the best installed), or null. */
  resolve(setting: string): string | null {
    if (setting) {
      if (this.catalog.some((e) => e.id === setting)) return this.manager.pathOf(setting);
      return isAbsolute(setting) ? setting : resolve(setting);
    }
    const order = ['small', 'base', 'tiny'].flatMap((s) => [`whisper-${s}`, `whisper-${s}.en`]);
    for (const id of order) if (this.catalog.some((e) => e.id === id) && existsSync(this.manager.pathOf(id))) return this.manager.pathOf(id);
    return null;
  }

  /** Like resolve, but a missing model is the clear error the CLI and the UI show. */
  require(setting: string): string {
    const path = this.resolve(setting);
    if (!path) throw new AppError('VOICE_UNAVAILABLE', `No speech-to-text model installed: download one with ${DOWNLOAD_HINT}.`);
    if (!existsSync(path))
      throw new AppError(
        'VOICE_UNAVAILABLE',
        `The speech-to-text model ${setting} is not installed: download it with \`agentic models download ${this.catalog.some((e) => e.id === setting) ? setting : 'whisper-base'}\`.`,
      );
    return path;
  }

  async list(active: string, language = 'auto'): Promise<ModelEntry[]> {
    const recommended = recommendedWhisper({ englishOnly: language === 'en' });
    const activePath = this.resolve(active);
    const entries = await this.manager.list('');
    return entries.map((e) => ({
      ...e,
      fits: true,
      recommended: e.id === recommended,
      active: activePath !== null && this.catalog.some((c) => c.id === e.id) && this.manager.pathOf(e.id) === activePath,
    }));
  }
}

export const whisperModelsDir = (modelsDir: string): string => join(modelsDir, 'whisper');
