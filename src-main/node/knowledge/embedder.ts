// Embeddings from a GGUF embedding model through node-llama-cpp, the engine that runs the chat
// model (one native backend per process). The model comes from its own small catalogue
// (resources/knowledge/embedding-models.json) through the same model manager as the chat models:
// progress, resume, checks, the same models folder.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Llama, LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import type { Logger } from '../../core/ports.js';
import { bundledResource } from '../bundledResource.js';
import { defaultThreadCount } from '../llm/hardware.js';
import { loadCatalog, ModelManager, type CatalogEntry } from '../llm/modelManager.js';
import type { Embedder } from './types.js';

export const DEFAULT_EMBEDDING_MODEL = 'qwen3-embedding-0.6b-q8';
/** Tokens of a passage embedded at most: passages are ~800 characters, far below. */
const CONTEXT_TOKENS = 512;

export function embeddingCatalogPath(): string {
  return bundledResource(dirname(fileURLToPath(import.meta.url)), 'knowledge', 'embedding-models.json');
}

/** The embedding models' manager: their own catalogue, in `<modelsDir>/embedding`. */
export function embeddingModels(modelsDir: string, logger: Logger, catalog: CatalogEntry[] = loadCatalog(embeddingCatalogPath()), downloadBaseUrl?: string): ModelManager {
  return new ModelManager({ modelsDir: join(modelsDir, 'embedding'), logger, catalog, downloadBaseUrl });
}

export class LlamaEmbedder implements Embedder {
  readonly id: string;
  private loaded: Promise<{ model: LlamaModel; context: LlamaEmbeddingContext }> | null = null;

  constructor(
    private readonly modelPath: string,
    private readonly llama: () => Promise<Llama>,
    private readonly threads = defaultThreadCount(),
  ) {
    if (!existsSync(modelPath)) throw new Error(`No embedding model at ${modelPath}`);
    // The file's name and size: a replaced model gets its vectors recomputed.
    this.id = `${basename(modelPath)}:${statSync(modelPath).size}`;
  }

  private load() {
    this.loaded ??= (async () => {
      const model = await (await this.llama()).loadModel({ modelPath: this.modelPath });
      const context = await model.createEmbeddingContext({ contextSize: Math.min(CONTEXT_TOKENS, model.trainContextSize), threads: this.threads });
      return { model, context };
    })();
    return this.loaded;
  }

  async dimensions(): Promise<number> {
    return (await this.load()).model.embeddingVectorSize;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const { model, context } = await this.load();
    const limit = Math.min(CONTEXT_TOKENS, model.trainContextSize) - 8;
    const out: Float32Array[] = [];
    for (const text of texts) {
      signal?.throwIfAborted();
      const tokens = model.tokenize(text).slice(0, limit);
      const { vector } = await context.getEmbeddingFor(tokens.length ? tokens : model.tokenize(' '));
      out.push(Float32Array.from(vector));
    }
    return out;
  }

  async dispose(): Promise<void> {
    const loaded = await this.loaded?.catch(() => null);
    this.loaded = null;
    if (loaded) {
      await loaded.context.dispose();
      await loaded.model.dispose();
    }
  }
}
