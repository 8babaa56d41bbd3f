// Embeddings from the loaded model itself (the local API's /v1/embeddings): an embedding context on
// the same LlamaModel, so the weights stay one copy in memory. Made on the first request only: it
// costs a context's worth of memory that chat-only users never need.
import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';
import type { Engine } from './llamaLoad.js';

interface Embedder {
  context: LlamaEmbeddingContext;
  size: number;
}
const contexts = new WeakMap<Engine, Promise<Embedder>>();

function embeddingContext(engine: Engine): Promise<Embedder> {
  let context = contexts.get(engine);
  if (!context) {
    const size = Math.min(engine.context.contextSize, 2048);
    // The chat context's thread count: the library's default (all cores) is far slower on small machines (PROBES.md).
    context = engine.model.createEmbeddingContext({ contextSize: size, threads: engine.context.currentThreads }).then((c) => ({ context: c, size }));
    context.catch(() => contexts.delete(engine));
    contexts.set(engine, context);
  }
  return context;
}

/** Embeds each text in turn (one context, one sequence); a text longer than the context is refused, not cut. */
export async function embedTexts(engine: Engine, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const { context, size } = await embeddingContext(engine);
  const vectors: number[][] = [];
  for (const text of texts) {
    if (signal?.aborted) throw new AppError('CANCELLED', 'Cancelled.');
    const tokens = engine.model.tokenize(text);
    if (tokens.length > size) {
      throw new AppError('BAD_INPUT', `An input has ${tokens.length} tokens; the embedding context holds ${size}.`);
    }
    vectors.push([...(await context.getEmbeddingFor(tokens)).vector]);
  }
  return vectors;
}
