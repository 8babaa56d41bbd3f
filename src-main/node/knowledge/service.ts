// The knowledge indexes of the workspaces this process works in: one index file per workspace in
// `<dataDir>/knowledge/` (named by a hash of the workspace's real path), opened on first use and
// kept current in the background from then on. `searchWorkspace` is the one entry point for every
// caller: the file agent's search, the workspace panel, `agentic search`, the MCP server.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppError } from '../../common/errors.js';
import type { Llama } from 'node-llama-cpp';
import type { Logger } from '../../core/ports.js';
import type { CatalogEntry } from '../llm/modelManager.js';
import { sharedLlama } from '../llm/llamaEngine.js';
import { DEFAULT_EMBEDDING_MODEL, embeddingModels, LlamaEmbedder } from './embedder.js';
import { IndexStore } from './indexStore.js';
import type { Embedder, IndexProgress, SearchHit } from './types.js';
import { WorkspaceIndex, type WorkspaceIndexOptions } from './workspaceIndex.js';

/** What every workspace's index takes (one place for those options), and where indexes are kept. */
export interface KnowledgeOptions extends Omit<WorkspaceIndexOptions, 'root' | 'store'> {
  /** The host's data folder: indexes go to its `knowledge/` folder. */
  dataDir: string;
}

export interface SearchWorkspaceOptions {
  limit?: number;
  /** Index what is not indexed yet before answering (the CLI); otherwise the index as it is now. */
  refresh?: boolean;
  /** Otherwise: wait this long at most for recent changes to be indexed (default 0). */
  waitMs?: number;
  signal?: AbortSignal;
}

export function indexFileOf(dataDir: string, realWorkspace: string): string {
  return join(dataDir, 'knowledge', `${createHash('sha256').update(realWorkspace).digest('hex').slice(0, 24)}.db`);
}

export const MAX_QUERY_CHARS = 1000;

export class KnowledgeService {
  private readonly indexes = new Map<string, Promise<WorkspaceIndex>>();
  private embedderLoad: Promise<Embedder | null> | null = null;

  constructor(private readonly options: KnowledgeOptions) {}

  /** The workspace's index, opened (and started in the background) on first use. */
  index(workspace: string): Promise<WorkspaceIndex> {
    const key = resolve(workspace);
    let index = this.indexes.get(key);
    if (!index) {
      index = this.open(key);
      this.indexes.set(key, index);
      index.catch(() => this.indexes.delete(key));
    }
    return index;
  }

  private async open(workspace: string): Promise<WorkspaceIndex> {
    const root = await realpath(workspace).catch(() => {
      throw new AppError('BAD_INPUT', `The workspace ${workspace} does not exist.`);
    });
    const store = IndexStore.open(indexFileOf(this.options.dataDir, root));
    const index = new WorkspaceIndex({ ...this.options, root, store, embedder: () => this.embedder() });
    index.start();
    return index;
  }

  private async embedder(): Promise<Embedder | null> {
    this.embedderLoad ??= this.options.embedder?.() ?? Promise.resolve(null);
    const embedder = await this.embedderLoad;
    if (!embedder) this.embedderLoad = null; // not there yet: asked again next time
    return embedder;
  }

  async searchWorkspace(workspace: string, query: string, options: SearchWorkspaceOptions = {}): Promise<SearchHit[]> {
    if (!query.trim()) throw new AppError('BAD_INPUT', 'The search needs words to look for.');
    if (query.length > MAX_QUERY_CHARS) throw new AppError('BAD_INPUT', `The search is too long (at most ${MAX_QUERY_CHARS} characters).`);
    const index = await this.index(workspace);
    if (options.refresh) await index.refresh();
    else if (options.waitMs) await index.catchUp(options.waitMs);
    return index.search(query, options);
  }

  async progress(workspace: string): Promise<IndexProgress> {
    return (await this.index(workspace)).progress();
  }

  async setPaused(workspace: string, paused: boolean): Promise<IndexProgress> {
    const index = await this.index(workspace);
    if (paused) index.pause();
    else index.resume();
    return index.progress();
  }

  async close(): Promise<void> {
    const indexes = await Promise.allSettled(this.indexes.values());
    this.indexes.clear();
    for (const settled of indexes) {
      if (settled.status !== 'fulfilled') continue;
      await settled.value.close();
      settled.value.store.close();
    }
    await (await this.embedderLoad?.catch(() => null))?.dispose();
  }
}

export interface EmbedderSource {
  /** Fetch the model in the background when it is missing (the desktop app: on first use, like the chat models). */
  download?: boolean;
  id?: string;
  /** Tests: the catalogue and a local file server. */
  catalog?: CatalogEntry[];
  downloadBaseUrl?: string;
  llama?: () => Promise<Llama>;
}

/**
 * The embedding model, once installed (`agentic models download`, or fetched here on first use);
 * null until then, and full-text search carries on meanwhile. Asked again each time it is null, so
 * a model that arrives is used from then on without a restart.
 */
export function installedEmbedder(modelsDir: string, logger: Logger, source: EmbedderSource = {}): () => Promise<Embedder | null> {
  const id = source.id ?? DEFAULT_EMBEDDING_MODEL;
  const manager = embeddingModels(modelsDir, logger, source.catalog, source.downloadBaseUrl);
  let downloading: Promise<unknown> | null = null;
  let told = false;
  return async () => {
    const file = manager.pathOf(id);
    if (existsSync(file)) return new LlamaEmbedder(file, source.llama ?? (async () => (await sharedLlama('auto', logger)).llama));
    if (source.download && !downloading) {
      logger.info('knowledge: downloading the embedding model', { model: id });
      downloading = manager.download(id, { signal: new AbortController().signal }).catch((error: unknown) => {
        // Tried once per process: search by words goes on, and the next start tries again.
        logger.warn('knowledge: the embedding model could not be downloaded; full-text search only', { model: id, error: String(error) });
      });
    } else if (!source.download && !told) {
      told = true;
      logger.info('knowledge: no embedding model installed; full-text search only', { model: id });
    }
    return null;
  };
}
