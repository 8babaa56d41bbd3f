// Checkpoints for every workspace the app has worked in: <dataDir>/checkpoints/<hash of the
// folder>/ holds one store each. Implements the engine's Checkpoints port and serves the
// checkpoint.* commands and the CLI.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { ChangeView, CheckpointSummary, FileDiff, RestoreResult } from '../../common/checkpoints.js';
import { AppError } from '../../common/errors.js';
import { countChanged, toChangeViews } from '../../core/checkpoints/changes.js';
import type { Checkpoints, Emit, Logger } from '../../core/ports.js';
import { buildFileDiff } from './fileDiff.js';
import type { CheckpointRecord } from './records.js';
import { WorkspaceCheckpoints, type CheckpointLimits } from './workspaceStore.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;
const MAX_LISTED_PATHS = 500;

export function summarize(record: CheckpointRecord, views: ChangeView[] = toChangeViews(record.changes)): CheckpointSummary {
  return {
    turnId: record.turnId,
    sessionId: record.sessionId,
    seq: record.seq,
    createdAt: record.createdAt,
    state: record.state,
    filesChanged: countChanged(views),
    unrestorable: views.filter((v) => !v.restorable).length,
    paths: views.slice(0, MAX_LISTED_PATHS).map((v) => ({ path: v.path, kind: v.kind })),
  };
}

export class CheckpointService implements Checkpoints {
  private readonly stores = new Map<string, WorkspaceCheckpoints>();
  private readonly lastPrune = new Map<string, number>();
  private readonly base: string;

  constructor(
    private readonly deps: {
      dataDir: string;
      limits: () => CheckpointLimits;
      logger: Logger;
      emit?: Emit;
      onRestoreOp?: () => void;
      /** Default true: folders are watched between scans (watch.ts); false makes every scan full. */
      watch?: boolean;
    },
  ) {
    this.base = join(deps.dataDir, 'checkpoints');
    mkdirSync(this.base, { recursive: true, mode: 0o700 });
  }

  storeFor(workspace: string): WorkspaceCheckpoints {
    const root = realpathSync(resolve(workspace));
    const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
    let store = this.stores.get(key);
    if (!store) {
      // The app's own data folder inside the workspace is never part of it.
      const data = realpathSync(this.deps.dataDir);
      const inside = !relative(root, data).startsWith('..') && data !== root;
      store = new WorkspaceCheckpoints(root, join(this.base, key), this.deps.limits, this.deps.logger, inside ? [data] : [], this.deps.onRestoreOp, this.deps.watch ?? true);
      this.stores.set(key, store);
    }
    return store;
  }

  /** Stops watching the workspaces. */
  close(): void {
    for (const store of this.stores.values()) store.close();
  }

  /** Every store on disk (workspaces of earlier runs too). */
  allStores(): WorkspaceCheckpoints[] {
    for (const key of existsSync(this.base) ? readdirSync(this.base) : []) {
      if (this.stores.has(key)) continue;
      const meta = z.object({ path: z.string() }).safeParse(safeJson(join(this.base, key, 'workspace.json')));
      if (!meta.success || !existsSync(meta.data.path)) continue;
      try {
        this.storeFor(meta.data.path);
      } catch (error) {
        this.deps.logger.warn('checkpoints: store skipped', { key, error: String(error) });
      }
    }
    return [...this.stores.values()];
  }

  async recoverAll(): Promise<void> {
    for (const store of this.allStores()) await store.recover();
  }

  async begin(turn: { sessionId: string; turnId: string; workspace: string; signal: AbortSignal }): Promise<() => Promise<void>> {
    const store = this.storeFor(turn.workspace);
    const end = await store.begin(turn);
    return async () => {
      try {
        const record = await end();
        if (record) {
          const s = summarize(record);
          this.deps.emit?.({
            type: 'checkpoint.recorded',
            sessionId: turn.sessionId,
            turnId: turn.turnId,
            filesChanged: s.filesChanged,
            unrestorable: s.unrestorable,
            paths: s.paths,
          });
        }
      } catch (error) {
        this.deps.logger.error('checkpoints: the turn could not be recorded', { error: String(error) });
      }
      this.maybePrune(store);
    };
  }

  private maybePrune(store: WorkspaceCheckpoints): void {
    const last = this.lastPrune.get(store.dir) ?? 0;
    if (Date.now() - last < PRUNE_EVERY_MS) return;
    this.lastPrune.set(store.dir, Date.now());
    store.prune().catch((error: unknown) => this.deps.logger.warn('checkpoints: pruning failed', { error: String(error) }));
  }

  private locate(turnId: string): { store: WorkspaceCheckpoints; record: CheckpointRecord } {
    for (const store of this.allStores()) {
      const record = store.find(turnId);
      if (record) return { store, record };
    }
    throw new AppError('NOT_FOUND', `No checkpoint for turn ${turnId}.`);
  }

  has(turnId: string): boolean {
    return this.allStores().some((s) => s.find(turnId) !== null);
  }

  list(sessionId: string): CheckpointSummary[] {
    return this.allStores()
      .flatMap((s) => s.list().filter((r) => r.sessionId === sessionId))
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((r) => summarize(r));
  }

  changes(turnId: string): { summary: CheckpointSummary; workspace: string; changes: ChangeView[] } {
    const { store, record } = this.locate(turnId);
    const views = toChangeViews(record.changes);
    return { summary: summarize(record, views), workspace: store.root, changes: views };
  }

  diff(turnId: string, path: string): FileDiff {
    const { store, record } = this.locate(turnId);
    const view = toChangeViews(record.changes).find((v) => v.path === path);
    if (!view) throw new AppError('NOT_FOUND', `Turn ${turnId} did not change ${path}.`);
    return buildFileDiff(view, store.objects);
  }

  async restore(turnId: string, direction: 'undo' | 'redo', cascade = false): Promise<RestoreResult> {
    const { store, record } = this.locate(turnId);
    const result = await store.restore(turnId, direction, cascade);
    if (result.done) this.deps.emit?.({ type: 'checkpoint.restored', sessionId: record.sessionId, turnId, direction, turns: result.turns, restored: result.restored });
    return result;
  }

  /** Deleting a session deletes its checkpoints (and the versions only they kept). */
  async deleteSession(sessionId: string): Promise<number> {
    let n = 0;
    for (const store of this.allStores()) n += await store.drop((r) => r.sessionId === sessionId);
    return n;
  }
}

function safeJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
