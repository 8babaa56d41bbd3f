// Hybrid search over one workspace's index: full-text (bm25) and meaning (the nearest embeddings),
// fused by reciprocal rank (each list adds 1/(k + rank)), which needs no calibration between a
// bm25 score and a cosine distance. Without an embedding model it is full-text alone.
import type { IndexStore } from './indexStore.js';
import type { Embedder, SearchHit } from './types.js';

/** The usual constant of reciprocal-rank fusion: damps the weight of the very first ranks. */
const RRF_K = 60;
const CANDIDATES = 50;

/**
 * A person's query as an FTS5 query: each word quoted (so `AND`, `-`, `:` or `*` typed by someone
 * are words, not syntax), any word may match, bm25 ranks passages with more and rarer words higher.
 */
export function ftsQuery(query: string): string | null {
  const words = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.toLowerCase()))].slice(0, 32);
  return unique.length ? unique.map((w) => `"${w}"`).join(' OR ') : null;
}

export interface SearchOptions {
  limit?: number;
  /** Used when given and the index has vectors of its model. */
  embedder?: Embedder | null;
  signal?: AbortSignal;
}

export async function hybridSearch(store: IndexStore, query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
  const limit = Math.max(1, Math.min(options.limit ?? 10, 100));
  const lists: number[][] = [];
  const match = ftsQuery(query);
  if (match) lists.push(store.fullText(match, CANDIDATES));
  if (options.embedder && store.meta('vector_model') === options.embedder.id && query.trim()) {
    const [vector] = await options.embedder.embed([query], options.signal);
    if (vector) lists.push(store.nearest(vector, CANDIDATES));
  }
  const scores = new Map<number, number>();
  for (const list of lists) list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
  const best = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  const rows = store.passagesByIds(best.map(([id]) => id));
  return best.flatMap(([id, score]) => {
    const row = rows.get(id);
    if (!row) return [];
    return [
      {
        path: row.path,
        page: row.page,
        lines: [row.lineStart, row.lineEnd] as [number, number],
        heading: row.heading,
        score: Number(score.toFixed(6)),
        text: row.text,
        untrusted: row.untrusted,
      },
    ];
  });
}
