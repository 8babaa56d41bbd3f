// Keeps one workspace's knowledge index current, in the background: a full scan at start (what
// changed while the app was closed), then the folders the workspace watch reports (the same inotify
// watch the checkpoints use; where there is none, a full scan now and then). One file at a time,
// yielding to the event loop between files and between embedding batches, so a turn is never
// held up; pausable; the state is the index file, so it survives restarts.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../core/ports.js';
import { WorkspaceWatch, watchable } from '../checkpoints/watch.js';
import { markCovering } from '../workspace/untrusted.js';
import { toPassages } from './chunk.js';
import { documentKind, extractLines } from './extract.js';
import type { IndexStore } from './indexStore.js';
import { hybridSearch } from './search.js';
import type { Embedder, IndexProgress, SearchHit } from './types.js';
import { excludedBy, ignorePatterns, walkFiles, yieldNow, type FileStat } from './walk.js';

export interface WorkspaceIndexOptions {
  /** The workspace's real path. */
  root: string;
  store: IndexStore;
  logger: Logger;
  /** The embedding model, or null while there is none (full-text search only). */
  embedder?: () => Promise<Embedder | null>;
  /** User exclusions: names, paths or globs (added to the workspace's `.agenticignore`). */
  excludes?: () => readonly string[];
  /** Marked files and folders (absolute real paths): their passages are untrusted. */
  untrustedMarks?: () => readonly string[];
  onProgress?: (progress: IndexProgress) => void;
  /** Use the inotify watch where it works (default); false: periodic full scans only. */
  watch?: boolean;
  /** How often the watch's notes are taken (default 2 s). */
  pollMs?: number;
  /** Full scans where there is no watch (default 60 s). */
  fullScanMs?: number;
}

const EMBED_BATCH = 8;

export class WorkspaceIndex {
  private readonly pending = new Set<string>();
  private readonly watch: WorkspaceWatch | null;
  private readonly timer: NodeJS.Timeout;
  private worker: Promise<void> | null = null;
  private fullScanDue = true;
  private changesDue = false;
  private paused = false;
  private closed = false;
  private scanning = false;
  private lastProgress = 0;
  private embedderFailed = false;

  constructor(private readonly options: WorkspaceIndexOptions) {
    this.watch = options.watch !== false && watchable(options.root) ? new WorkspaceWatch(options.root, new Set()) : null;
    const poll = () => {
      if (this.watch) this.changesDue = true;
      else this.fullScanDue = true;
      this.kick();
    };
    this.timer = setInterval(poll, this.watch ? (options.pollMs ?? 2000) : (options.fullScanMs ?? 60_000));
    this.timer.unref();
  }

  get root(): string {
    return this.options.root;
  }

  get store(): IndexStore {
    return this.options.store;
  }

  /** Starts (or continues) the background work; returns at once. */
  start(): void {
    this.kick();
  }

  pause(): void {
    this.paused = true;
    this.emit(true);
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /** Brings the index up to date (scan, index, embed) and waits for it: the CLI's search. */
  async refresh(): Promise<void> {
    this.fullScanDue = true;
    this.kick();
    while (this.worker) await this.worker;
  }

  /**
   * Takes in what changed (the watch's notes, or a full scan where there is none) and waits up to
   * `waitMs` for the index to catch up: a search sees a file written a moment ago, and a large
   * backlog never holds the caller for long (the rest goes on in the background).
   */
  async catchUp(waitMs: number): Promise<void> {
    if (this.watch) this.changesDue = true;
    else this.fullScanDue = true;
    this.kick();
    if (!this.worker) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([this.worker, timeout]);
    clearTimeout(timer);
  }

  async search(query: string, options: { limit?: number; signal?: AbortSignal } = {}): Promise<SearchHit[]> {
    const embedder = await this.embedder();
    return hybridSearch(this.options.store, query, { ...options, embedder });
  }

  progress(): IndexProgress {
    const counts = this.options.store.counts();
    const state = this.paused ? 'paused' : this.scanning ? 'scanning' : this.worker ? 'indexing' : 'idle';
    return { workspace: this.options.root, state, pending: this.pending.size, ...counts };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.watch?.close();
    await this.worker;
  }

  private kick(): void {
    if (this.worker || this.closed || this.paused) return;
    this.worker = this.work()
      .catch((error: unknown) => this.options.logger.error('knowledge: indexing stopped', { error: String(error) }))
      .finally(() => {
        this.worker = null;
        this.emit(true);
      });
  }

  private async work(): Promise<void> {
    while (!this.closed && !this.paused) {
      if (this.fullScanDue) {
        this.fullScanDue = false;
        this.changesDue = false;
        this.watch?.take(); // a full scan sees everything the notes could say
        await this.scan('');
      } else if (this.changesDue) {
        this.changesDue = false;
        const dirty = this.watch?.take();
        if (dirty === null) this.fullScanDue = true;
        else for (const [folder, names] of dirty ?? []) await this.scanFolder(folder, names);
      } else if (this.pending.size > 0) {
        const rel = this.pending.values().next().value as string;
        this.pending.delete(rel);
        await this.indexFile(rel);
      } else if (!(await this.embedSome())) return;
      this.emit(false);
      await yieldNow();
    }
  }

  private async scanFolder(folder: string, names: Set<string> | null): Promise<void> {
    if (names === null) return this.scan(folder);
    for (const name of names) await this.scan(folder ? `${folder}/${name}` : name);
  }

  /** Compares what is under `rel` ('' for all, a folder, or a file) with the index: changes become pending, the missing go. */
  private async scan(rel: string): Promise<void> {
    this.scanning = true;
    try {
      const excluded = excludedBy([...(this.options.excludes?.() ?? []), ...(await ignorePatterns(this.options.root))]);
      const found = new Map<string, FileStat>();
      const info = rel ? await lstat(path.join(this.options.root, rel)).catch(() => null) : null;
      if (!rel || info?.isDirectory()) {
        await walkFiles(this.options.root, rel, { excluded, onFolder: (dir) => this.watch?.add(dir, false) }, found);
      } else if (info?.isFile() && !excluded(rel)) found.set(rel, { size: info.size, mtimeMs: Math.round(info.mtimeMs) });
      const marks = this.options.untrustedMarks?.() ?? [];
      const gone: string[] = [];
      for (const [known, file] of this.options.store.files()) {
        if (rel && known !== rel && !known.startsWith(`${rel}/`)) continue;
        const now = found.get(known);
        if (!now) gone.push(known);
        else if (now.size !== file.size || now.mtimeMs !== file.mtimeMs) this.pending.add(known);
        else if (this.untrusted(known, marks) !== file.untrusted) this.options.store.setUntrusted(known, !file.untrusted);
        found.delete(known);
      }
      this.options.store.removeFiles(gone);
      for (const rest of found.keys()) this.pending.add(rest);
      for (const removed of gone) this.pending.delete(removed);
    } finally {
      this.scanning = false;
    }
  }

  private untrusted(rel: string, marks: readonly string[]): boolean {
    return marks.length > 0 && markCovering(path.join(this.options.root, rel), marks) !== null;
  }

  private async indexFile(rel: string): Promise<void> {
    const full = path.join(this.options.root, rel);
    const info = await lstat(full).catch(() => null);
    if (!info?.isFile()) return this.options.store.removeFiles([rel]);
    const file = { path: rel, size: info.size, mtimeMs: Math.round(info.mtimeMs), untrusted: this.untrusted(rel, this.options.untrustedMarks?.() ?? []) };
    try {
      const kind = await documentKind(full, info.size);
      const passages = kind ? toPassages(await extractLines(full, kind)) : [];
      this.options.store.putFile(file, passages);
    } catch (error) {
      // Kept with its error and no passages: not read again until it changes.
      this.options.logger.warn('knowledge: could not read a file', { path: rel, error: String(error) });
      this.options.store.putFile(file, [], String(error).slice(0, 500));
    }
  }

  private async embedder(): Promise<Embedder | null> {
    if (!this.options.embedder || this.embedderFailed) return null;
    try {
      const embedder = await this.options.embedder();
      if (embedder) this.options.store.useEmbeddingModel(embedder.id, await embedder.dimensions());
      return embedder;
    } catch (error) {
      this.embedderFailed = true; // full-text search goes on; a restart tries the model again
      this.options.logger.warn('knowledge: the embedding model is unavailable', { error: String(error) });
      return null;
    }
  }

  /** Embeds one batch of passages; false when there was nothing (left) to embed. */
  private async embedSome(): Promise<boolean> {
    const embedder = await this.embedder();
    if (!embedder) return false;
    const batch = this.options.store.unembedded(EMBED_BATCH);
    if (batch.length === 0) return false;
    const vectors = await embedder.embed(batch.map((p) => (p.heading ? `${p.heading}\n${p.text}` : p.text)));
    this.options.store.putVectors(batch.map((p, i) => ({ id: p.id, vector: vectors[i]! })));
    return true;
  }

  private emit(force: boolean): void {
    if (!this.options.onProgress || (!force && Date.now() - this.lastProgress < 500)) return;
    this.lastProgress = Date.now();
    this.options.onProgress(this.progress());
  }
}
