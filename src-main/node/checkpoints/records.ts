// The files of one workspace's checkpoint store: the head manifest (the state the last scan saw,
// which lets the next scan skip unchanged files) and one record per turn (each changed path
// before and after). Both are validated when read: they are files, a trust boundary.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { FsEntrySchema, type FsEntry } from '../../common/checkpoints.js';
import type { Manifest, PathChange } from '../../core/checkpoints/changes.js';
import { fsyncDir, writeFileReplacing } from './atomic.js';

export const RecordSchema = z.object({
  version: z.literal(1),
  turnId: z.string().regex(/^[\w-]+$/),
  sessionId: z.string(),
  seq: z.number().int(),
  createdAt: z.number(),
  state: z.enum(['applied', 'undone']),
  changes: z.array(z.object({ path: z.string(), before: FsEntrySchema.nullable(), after: FsEntrySchema.nullable() })),
});
export type CheckpointRecord = z.infer<typeof RecordSchema> & { changes: PathChange[] };

type Row = [string, FsEntry['kind'], number, number, number, number, number, string | null, string?];
const toRow = (path: string, e: FsEntry): Row => {
  const row: Row = [path, e.kind, e.mode, e.size, e.mtimeMs, e.ctimeMs, e.ino, e.hash];
  if (e.target !== undefined) row.push(e.target);
  return row;
};
const RowSchema = z.tuple([z.string(), z.enum(['file', 'dir', 'link']), z.number(), z.number(), z.number(), z.number(), z.number(), z.string().nullable()]).rest(z.string());

export class RecordFiles {
  private head: { manifest: Manifest; stamp: string } | null = null;
  private cache = new Map<string, { stamp: string; record: CheckpointRecord }>();

  constructor(readonly dir: string) {}

  private get turnsDir(): string {
    return join(this.dir, 'turns');
  }

  private static stamp(path: string): string {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  }

  loadHead(): Manifest {
    const file = join(this.dir, 'head.json');
    if (!existsSync(file)) return new Map();
    const stamp = RecordFiles.stamp(file);
    if (this.head?.stamp === stamp) return this.head.manifest;
    const rows = z.array(RowSchema).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    const manifest: Manifest = new Map();
    // A damaged head only costs a full rescan: every file is read again.
    if (rows.success) {
      for (const [path, kind, mode, size, mtimeMs, ctimeMs, ino, hash, target] of rows.data) {
        manifest.set(path, { kind, mode, size, mtimeMs, ctimeMs, ino, hash, ...(target !== undefined && { target }) });
      }
    }
    this.head = { manifest, stamp };
    return manifest;
  }

  saveHead(manifest: Manifest): void {
    const file = join(this.dir, 'head.json');
    // A cache of the last scan: written without fsync (a lost one costs a rescan that reads every file again).
    writeFileReplacing(file, JSON.stringify([...manifest].map(([p, e]) => toRow(p, e))));
    this.head = { manifest, stamp: RecordFiles.stamp(file) };
  }

  /** Writes a record durably; `sync` fsyncs the temp file (with whatever else must be on disk first, in parallel). */
  async save(record: CheckpointRecord, sync: (tmp: string) => Promise<void>): Promise<void> {
    const file = join(this.turnsDir, `${record.turnId}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(record), { mode: 0o600 });
    await sync(tmp);
    renameSync(tmp, file);
    fsyncDir(this.turnsDir);
  }

  remove(turnId: string): void {
    rmSync(join(this.turnsDir, `${turnId}.json`), { force: true });
    this.cache.delete(turnId);
  }

  /** Every record, oldest first; unreadable ones are skipped (and reported by the caller's logger). */
  all(onBad?: (name: string) => void): CheckpointRecord[] {
    const names = existsSync(this.turnsDir) ? readdirSync(this.turnsDir).filter((n) => n.endsWith('.json')) : [];
    const out: CheckpointRecord[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const turnId = name.slice(0, -5);
      seen.add(turnId);
      const file = join(this.turnsDir, name);
      try {
        const stamp = RecordFiles.stamp(file);
        const hit = this.cache.get(turnId);
        if (hit?.stamp === stamp) {
          out.push(hit.record);
          continue;
        }
        const record = RecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
        this.cache.set(turnId, { stamp, record });
        out.push(record);
      } catch {
        onBad?.(name);
      }
    }
    for (const id of this.cache.keys()) if (!seen.has(id)) this.cache.delete(id);
    return out.sort((a, b) => a.seq - b.seq);
  }
}
