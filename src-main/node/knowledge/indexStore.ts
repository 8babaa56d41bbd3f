// The knowledge index of one workspace: one libsql file of its own in the data folder (not a table
// of the sessions database: its size follows the workspace, it can be deleted to start afresh, and
// a busy indexer never holds the sessions' write lock). Passages are searched with FTS5 (bm25) and,
// once an embedding model ran, by vector with libsql's DiskANN index (vector_top_k). Vectors live
// in their own table, made when the model's dimension is known and dropped when the model changes.
import { openDatabase, inTransaction, type Db } from '../store/database.js';
import type { Passage } from './types.js';

const SCHEMA = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  untrusted INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
CREATE TABLE IF NOT EXISTS passages (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  page INTEGER,
  line_start INTEGER NOT NULL,
  line_end INTEGER NOT NULL,
  heading TEXT,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS passages_file ON passages(file_id);
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(
  text, heading, content='passages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS passages_ai AFTER INSERT ON passages BEGIN
  INSERT INTO passages_fts(rowid, text, heading) VALUES (new.id, new.text, new.heading);
END;
CREATE TRIGGER IF NOT EXISTS passages_ad AFTER DELETE ON passages BEGIN
  INSERT INTO passages_fts(passages_fts, rowid, text, heading) VALUES ('delete', old.id, old.text, old.heading);
END;
`;

export interface IndexedFile {
  path: string;
  size: number;
  mtimeMs: number;
  untrusted: boolean;
}

export interface PassageRow {
  id: number;
  path: string;
  page: number | null;
  lineStart: number;
  lineEnd: number;
  heading: string | null;
  text: string;
  untrusted: boolean;
}

/**
 * A vector as a statement parameter. Never pass it as a statement's only argument: libsql 0.5's
 * binding takes a lone Buffer for a map of named parameters and aborts the process (a Rust panic,
 * not an exception). Every statement here binds it beside another parameter.
 */
const blob = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

export class IndexStore {
  private constructor(readonly db: Db) {}

  static open(file: string): IndexStore {
    const db = openDatabase(file);
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA foreign_keys = ON');
    db.exec(SCHEMA);
    return new IndexStore(db);
  }

  close(): void {
    this.db.close();
  }

  files(): Map<string, IndexedFile> {
    const rows = this.db.prepare('SELECT path, size, mtime_ms, untrusted FROM files').all() as { path: string; size: number; mtime_ms: number; untrusted: number }[];
    return new Map(rows.map((r) => [r.path, { path: r.path, size: r.size, mtimeMs: r.mtime_ms, untrusted: r.untrusted === 1 }]));
  }

  /** Replaces a file's passages (none: a file with no text, kept so it is not read again until it changes). */
  putFile(file: IndexedFile, passages: readonly Passage[], error: string | null = null): void {
    inTransaction(this.db, 'IMMEDIATE', () => {
      this.db.prepare('DELETE FROM files WHERE path = ?').run(file.path);
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO files (path, size, mtime_ms, untrusted, error) VALUES (?, ?, ?, ?, ?)')
        .run(file.path, file.size, Math.round(file.mtimeMs), file.untrusted ? 1 : 0, error);
      const insert = this.db.prepare('INSERT INTO passages (file_id, page, line_start, line_end, heading, text) VALUES (?, ?, ?, ?, ?, ?)');
      for (const p of passages) insert.run(lastInsertRowid, p.page, p.lineStart, p.lineEnd, p.heading, p.text);
    });
  }

  /** Forgets files (deleted, renamed away, now excluded); their passages and vectors go with them. */
  removeFiles(paths: readonly string[]): void {
    if (paths.length === 0) return;
    inTransaction(this.db, 'IMMEDIATE', () => {
      const remove = this.db.prepare('DELETE FROM files WHERE path = ?');
      for (const p of paths) remove.run(p);
    });
  }

  setUntrusted(path: string, untrusted: boolean): void {
    this.db.prepare('UPDATE files SET untrusted = ? WHERE path = ?').run(untrusted ? 1 : 0, path);
  }

  counts(): { files: number; passages: number; embedded: number } {
    const files = (this.db.prepare('SELECT count(*) AS n FROM files').get() as { n: number }).n;
    const passages = (this.db.prepare('SELECT count(*) AS n FROM passages').get() as { n: number }).n;
    const embedded = this.vectorDims() ? (this.db.prepare('SELECT count(*) AS n FROM vectors').get() as { n: number }).n : 0;
    return { files, passages, embedded };
  }

  meta(key: string): string | null {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  vectorDims(): number | null {
    const value = this.meta('vector_dims');
    return value ? Number(value) : null;
  }

  /** Makes the vectors table for this model, dropping the vectors of another one. */
  useEmbeddingModel(modelId: string, dims: number): void {
    if (!Number.isInteger(dims) || dims <= 0 || dims > 8192) throw new Error(`bad embedding dimension ${dims}`);
    if (this.meta('vector_model') === modelId && this.vectorDims() === dims) return;
    inTransaction(this.db, 'IMMEDIATE', () => {
      this.db.exec('DROP INDEX IF EXISTS vectors_ann; DROP TRIGGER IF EXISTS passages_vec_ad; DROP TABLE IF EXISTS vectors;');
      this.db.exec(`CREATE TABLE vectors (passage_id INTEGER PRIMARY KEY, embedding F32_BLOB(${dims}) NOT NULL)`);
      // float8 neighbours: a quarter of the index's size, for a small loss of recall.
      this.db.exec("CREATE INDEX vectors_ann ON vectors (libsql_vector_idx(embedding, 'metric=cosine', 'compress_neighbors=float8'))");
      this.db.exec('CREATE TRIGGER passages_vec_ad AFTER DELETE ON passages BEGIN DELETE FROM vectors WHERE passage_id = old.id; END;');
      this.setMeta('vector_model', modelId);
      this.setMeta('vector_dims', String(dims));
    });
  }

  /** Passages without a vector yet, oldest first. */
  unembedded(limit: number): { id: number; text: string; heading: string | null }[] {
    if (!this.vectorDims()) return [];
    return this.db
      .prepare('SELECT p.id, p.text, p.heading FROM passages p LEFT JOIN vectors v ON v.passage_id = p.id WHERE v.passage_id IS NULL ORDER BY p.id LIMIT ?')
      .all(limit) as { id: number; text: string; heading: string | null }[];
  }

  putVectors(rows: readonly { id: number; vector: Float32Array }[]): void {
    inTransaction(this.db, 'IMMEDIATE', () => {
      // A passage deleted while its vector was computed has no row to join any more: skip it.
      const insert = this.db.prepare('INSERT OR REPLACE INTO vectors (passage_id, embedding) SELECT id, ? FROM passages WHERE id = ?');
      for (const r of rows) insert.run(blob(r.vector), r.id);
    });
  }

  passagesByIds(ids: readonly number[]): Map<number, PassageRow> {
    if (ids.length === 0) return new Map();
    const rows = this.db
      .prepare(
        `SELECT p.id, f.path, p.page, p.line_start, p.line_end, p.heading, p.text, f.untrusted FROM passages p JOIN files f ON f.id = p.file_id WHERE p.id IN (${ids.map(() => '?').join(',')})`,
      )
      .all(...ids) as { id: number; path: string; page: number | null; line_start: number; line_end: number; heading: string | null; text: string; untrusted: number }[];
    return new Map(
      rows.map((r) => [
        r.id,
        { id: r.id, path: r.path, page: r.page, lineStart: r.line_start, lineEnd: r.line_end, heading: r.heading, text: r.text, untrusted: r.untrusted === 1 },
      ]),
    );
  }

  /** Passage ids by full-text rank, best first. `match` is an FTS5 query. */
  fullText(match: string, limit: number): number[] {
    const rows = this.db.prepare('SELECT rowid AS id FROM passages_fts WHERE passages_fts MATCH ? ORDER BY bm25(passages_fts, 1.0, 2.0) LIMIT ?').all(match, limit) as {
      id: number;
    }[];
    return rows.map((r) => r.id);
  }

  /** Passage ids nearest to the vector (approximate, DiskANN), nearest first. */
  nearest(vector: Float32Array, limit: number): number[] {
    if (!this.vectorDims()) return [];
    const rows = this.db.prepare("SELECT id FROM vector_top_k('vectors_ann', ?, ?)").all(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), limit) as {
      id: number;
    }[];
    return rows.map((r) => r.id);
  }
}
