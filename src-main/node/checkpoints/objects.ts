// The content-addressed store of file versions: objects/ab/cdef… named by the sha256 of their
// bytes, outside the workspace. A version is written once (temp + rename, fsynced in parallel
// before any record refers to it), however many turns refer to it. A torn object (power cut) is
// caught by its hash when read, never restored.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncAll } from './atomic.js';

export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

export class ObjectStore {
  private tmpCounter = 0;
  /** Written since the last flush, not yet fsynced. */
  private pending: string[] = [];

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  path(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash.slice(2));
  }

  has(hash: string): boolean {
    return existsSync(this.path(hash));
  }

  /** Stores bytes under their hash; returns the hash. */
  put(data: Uint8Array, knownHash?: string): string {
    const hash = knownHash ?? sha256(data);
    const target = this.path(hash);
    if (existsSync(target)) return hash;
    mkdirSync(join(this.dir, hash.slice(0, 2)), { recursive: true });
    const tmp = `${target}.${process.pid}.${++this.tmpCounter}.tmp`;
    writeFileSync(tmp, data, { mode: 0o600 });
    renameSync(tmp, target);
    this.pending.push(target);
    return hash;
  }

  /** Makes every object written since the last flush durable; called before any record refers to them. */
  async flush(alsoSync: readonly string[] = []): Promise<void> {
    const paths = [...this.pending, ...alsoSync];
    this.pending = [];
    await fsyncAll(paths);
  }

  /** The bytes of a version, checked against its name (a damaged object is refused, not restored). */
  read(hash: string): Buffer {
    const data = readFileSync(this.path(hash));
    if (sha256(data) !== hash) throw new Error(`checkpoint object ${hash.slice(0, 12)} is damaged`);
    return data;
  }

  /** Deletes every object not in `live` (and stray temp files); returns the bytes kept. */
  sweep(live: ReadonlySet<string>): { kept: number; removed: number } {
    let kept = 0;
    let removed = 0;
    for (const prefix of readdirSync(this.dir)) {
      const sub = join(this.dir, prefix);
      for (const name of readdirSync(sub)) {
        const file = join(sub, name);
        if (!name.endsWith('.tmp') && live.has(prefix + name)) {
          kept += statSync(file).size;
          continue;
        }
        rmSync(file, { force: true });
        removed++;
      }
    }
    return { kept, removed };
  }

  sizeOf(hash: string): number {
    try {
      return statSync(this.path(hash)).size;
    } catch {
      return 0;
    }
  }
}
