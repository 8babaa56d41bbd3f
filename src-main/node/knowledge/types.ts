// The shapes shared by the knowledge index's modules.

/** One line of a document's text, where it is: page (null where the format has none) and line (1-based, on its page). */
export interface DocLine {
  text: string;
  page: number | null;
  line: number;
  /** The line is a heading: passages after it carry it. */
  heading?: true;
}

/** A stretch of a file's text that is indexed and found as one. */
export interface Passage {
  page: number | null;
  lineStart: number;
  lineEnd: number;
  heading: string | null;
  text: string;
}

/** One search result, best first. `score` is the fused rank score (higher is better). */
export interface SearchHit {
  path: string;
  page: number | null;
  lines: [number, number];
  heading: string | null;
  score: number;
  text: string;
  /** The file is marked untrusted: its text may carry someone else's instructions. */
  untrusted: boolean;
}

/** How far the index of a workspace is. */
export interface IndexProgress {
  workspace: string;
  state: 'idle' | 'scanning' | 'indexing' | 'paused';
  /** Files waiting to be (re)indexed. */
  pending: number;
  files: number;
  passages: number;
  /** Passages with an embedding (0 while there is no embedding model). */
  embedded: number;
}

/** Turns texts into vectors (node-llama-cpp's embedding context; tests use the tiny GGUF). */
export interface Embedder {
  /** Changes when the model does: stored vectors of another model are dropped. */
  readonly id: string;
  dimensions(): Promise<number>;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}
