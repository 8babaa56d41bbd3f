// One workspace's checkpoints: a scan before each turn (absorbing what the user dropped in since),
// a scan after it, the difference kept as the turn's record; undo and redo through a journal.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { FsEntry, RestoreResult } from '../../common/checkpoints.js';
import { AppError } from '../../common/errors.js';
import { diffManifests, type Manifest } from '../../core/checkpoints/changes.js';
import { laterApplied, pathsOf, planRestore, redoChain, undoChain, type TurnChanges } from '../../core/checkpoints/restorePlan.js';
import type { Logger } from '../../core/ports.js';
import { fsyncAll, writeFileAtomic, writeFileReplacing } from './atomic.js';
import { acquire, withLock } from './lock.js';
import { ObjectStore } from './objects.js';
import { RecordFiles, type CheckpointRecord } from './records.js';
import { applyJournal, hasForeignParent, JournalSchema, type Journal } from './restore.js';
import { probePath, rescanChanged, scanWorkspace } from './scan.js';
import { watchable, WorkspaceWatch } from './watch.js';
import { tooDeepReason } from './deepPaths.js';
import { withShortPath } from './shortPaths.js';
import { conflictReason } from './conflictReason.js';

export interface CheckpointLimits {
  maxFileBytes: number;
  maxAgeMs: number;
  maxStoreBytes: number;
}

const RESTORE_WAIT_MS = 3000;
const OpenTurnSchema = z.object({ turnId: z.string().regex(/^[\w-]+$/), sessionId: z.string(), startedAt: z.number() });

export class WorkspaceCheckpoints {
  readonly objects: ObjectStore;
  readonly records: RecordFiles;
  /** Which folders changed since the last scan (Linux); null: every scan reads the whole workspace. */
  private readonly watch: WorkspaceWatch | null;
  /** The head the watch's notes are relative to: another head (another process saved one) needs a full scan. */
  private watchBase: Manifest | null = null;
  /** How the scans went (tests and the bench check the watch is really used). */
  readonly scans = { full: 0, changedOnly: 0 };

  constructor(
    readonly root: string,
    readonly dir: string,
    private readonly limits: () => CheckpointLimits,
    private readonly logger: Logger,
    /** Folders inside the workspace that are never scanned (the app's data folder). */
    private readonly exclude: readonly string[] = [],
    /** Tests only: called after each restore step (the crash test slows restores down with it). */
    private readonly onRestoreOp?: () => void,
    /** Watch the workspace between scans where the OS allows (false: every scan is full; the bench's baseline). */
    watch = true,
  ) {
    mkdirSync(join(dir, 'turns'), { recursive: true, mode: 0o700 });
    this.objects = new ObjectStore(join(dir, 'objects'));
    this.records = new RecordFiles(dir);
    this.watch = watch && watchable(root) ? new WorkspaceWatch(root, new Set(exclude)) : null;
    const meta = join(dir, 'workspace.json');
    if (!existsSync(meta)) writeFileAtomic(meta, JSON.stringify({ path: root }));
  }

  private get journalFile(): string {
    return join(this.dir, 'restore.journal');
  }
  private get openTurnFile(): string {
    return join(this.dir, 'open-turn.json');
  }

  private async scan(flush = true): Promise<{ before: Manifest; after: Manifest }> {
    const before = this.records.loadHead();
    const watch = this.watch;
    const opts = {
      maxFileBytes: this.limits().maxFileBytes,
      objects: this.objects,
      exclude: this.exclude,
      flush,
      onFolder: (rel: string) => watch?.add(rel, true),
      onGone: (rel: string) => watch?.forget(rel),
    };
    if (watch) {
      const settled = this.watchBase === before && (await watch.settle());
      const dirty = watch.take();
      if (settled && dirty) {
        this.scans.changedOnly++;
        return { before, after: (await rescanChanged(this.root, before, dirty, opts)).manifest };
      }
      // The folders known so far are watched before they are read, so only new ones need a second look.
      watch.add('', false);
      for (const [path, entry] of before) if (entry.kind === 'dir') watch.add(path, false);
    }
    this.scans.full++;
    return { before, after: (await scanWorkspace(this.root, before, opts)).manifest };
  }

  /** After a scan and the head's save (or not): the watch's notes from now on are relative to that head. */
  private rebase(): void {
    this.watchBase = this.records.loadHead();
  }

  /** Stops watching the workspace. */
  close(): void {
    this.watch?.close();
  }

  /** Before a turn: holds the workspace for the turn and records its state; resolves to the end step. */
  async begin(turn: { turnId: string; sessionId: string; signal?: AbortSignal }): Promise<() => Promise<CheckpointRecord | null>> {
    const release = await acquire(this.dir, turn.signal);
    try {
      await this.recoverLocked();
      const { before, after } = await this.scan();
      // What changed since the last scan was done outside the agent's turns: absorbed, not recorded.
      if (diffManifests(before, after).length || before.size !== after.size) this.records.saveHead(after);
      this.rebase();
      // Lets the next start record a turn a crash interrupted; without fsync (a power cut loses only that).
      writeFileReplacing(this.openTurnFile, JSON.stringify({ turnId: turn.turnId, sessionId: turn.sessionId, startedAt: Date.now() }));
    } catch (error) {
      release();
      throw error;
    }
    let ended = false;
    return async () => {
      if (ended) return null;
      ended = true;
      try {
        return await this.finishTurn(turn.turnId, turn.sessionId);
      } finally {
        release();
      }
    };
  }

  private async finishTurn(turnId: string, sessionId: string): Promise<CheckpointRecord | null> {
    const { before, after } = await this.scan(false);
    const changes = diffManifests(before, after);
    let record: CheckpointRecord | null = null;
    if (changes.length) {
      const seq = Math.max(0, ...this.records.all().map((r) => r.seq)) + 1;
      record = { version: 1, turnId, sessionId, seq, createdAt: Date.now(), state: 'applied', changes };
      // The versions it refers to and the record itself reach the disk together, before the record's rename.
      await this.records.save(record, (tmp) => this.objects.flush([tmp]));
      this.records.saveHead(after);
    } else {
      await this.objects.flush();
    }
    this.rebase();
    rmSync(this.openTurnFile, { force: true });
    return record;
  }

  /** Completes what a crash interrupted: a restore (replayed to its end) or a turn (its after-scan). */
  async recover(): Promise<void> {
    if (!existsSync(this.journalFile) && !existsSync(this.openTurnFile)) return;
    await withLock(this.dir, () => this.recoverLocked());
  }

  private async recoverLocked(): Promise<void> {
    if (existsSync(this.journalFile)) {
      let journal: Journal | null = null;
      try {
        journal = JournalSchema.parse(JSON.parse(readFileSync(this.journalFile, 'utf8')));
        await this.finishRestore(journal);
        this.logger.info('checkpoints: completed an interrupted restore', { turns: journal.turns.length });
      } catch (error) {
        // Never retried forever: set aside for a person to look at, and say so.
        this.logger.error('checkpoints: an interrupted restore could not be completed', { error: String(error) });
        renameSync(this.journalFile, `${this.journalFile}.failed-${Date.now()}`);
      }
    }
    if (existsSync(this.openTurnFile)) {
      const open = OpenTurnSchema.safeParse(JSON.parse(readFileSync(this.openTurnFile, 'utf8')));
      if (open.success) await this.finishTurn(open.data.turnId, open.data.sessionId);
      else rmSync(this.openTurnFile, { force: true });
    }
  }

  private async finishRestore(journal: Journal): Promise<number> {
    const n = await applyJournal(this.root, journal, this.objects, this.onRestoreOp);
    const turns = new Set(journal.turns);
    for (const record of this.records.all()) {
      if (!turns.has(record.turnId)) continue;
      await this.records.save({ ...record, state: journal.direction === 'undo' ? 'undone' : 'applied' }, (tmp) => fsyncAll([tmp], 1, false));
    }
    const { after } = await this.scan();
    this.records.saveHead(after);
    this.rebase();
    rmSync(this.journalFile, { force: true });
    return n;
  }

  list(): CheckpointRecord[] {
    return this.records.all((name) => this.logger.warn('checkpoints: unreadable record skipped', { name }));
  }

  find(turnId: string): CheckpointRecord | null {
    return this.list().find((r) => r.turnId === turnId) ?? null;
  }

  /** Undo (or redo) a turn; with cascade, the later applied (earlier undone) turns too. */
  async restore(turnId: string, direction: 'undo' | 'redo', cascade: boolean): Promise<RestoreResult> {
    // A turn holds the workspace until it ends (it may be waiting for an approval): say so instead of hanging.
    const wait = AbortSignal.timeout(RESTORE_WAIT_MS);
    return withLock(this.dir, () => this.restoreLocked(turnId, direction, cascade), wait).catch((error: unknown) => {
      if (!wait.aborted) throw error;
      return { done: false, reason: 'A turn is running in this workspace; undo or redo once it has ended.', conflicts: [], laterTurns: [], turns: [], restored: 0, skipped: [] };
    });
  }

  private async restoreLocked(turnId: string, direction: 'undo' | 'redo', cascade: boolean): Promise<RestoreResult> {
    await this.recoverLocked();
    const all: TurnChanges[] = this.list();
    const turn = all.find((t) => t.turnId === turnId);
    if (!turn) throw new AppError('NOT_FOUND', `No checkpoint for turn ${turnId}.`);
    const later = laterApplied(all, turnId);
    const none = { conflicts: [], laterTurns: later, turns: [], restored: 0, skipped: [] };
    if (direction === 'undo' && turn.state === 'undone') return { ...none, done: false, reason: 'This turn is already undone.' };
    if (direction === 'redo' && turn.state === 'applied') return { ...none, done: false, reason: 'This turn is not undone.' };
    const chain = direction === 'undo' ? undoChain(all, turnId, cascade) : redoChain(all, turnId, cascade);
    const head = this.records.loadHead();
    const limit = this.limits().maxFileBytes;
    const current = new Map<string, FsEntry | null>();
    const folders = new Map<string, boolean>();
    for (const path of pathsOf(chain)) current.set(path, hasForeignParent(this.root, path, folders) ? null : probePath(this.root, path, head.get(path), { maxFileBytes: limit }));
    const plan = planRestore(chain, direction, current, all);
    const conflicts = [...plan.conflicts, ...this.blockedFolders(plan.targets, current)];
    if (conflicts.length)
      return { ...none, done: false, conflicts, skipped: plan.skipped, reason: tooDeepReason(this.root, conflicts, direction) ?? conflictReason(conflicts, direction) };
    const missing = [...plan.targets.values()].find((e) => e?.kind === 'file' && (!e.hash || !this.objects.has(e.hash)));
    if (missing) return { ...none, done: false, reason: 'A kept version of a file is missing from the checkpoint store.' };
    const journal: Journal = {
      version: 1,
      id: crypto.randomUUID(),
      direction,
      turns: chain.map((t) => t.turnId),
      ops: [...plan.targets].map(([path, target]) => ({ path, target })),
    };
    writeFileAtomic(this.journalFile, JSON.stringify(journal));
    const restored = await this.finishRestore(journal);
    return { done: true, reason: '', conflicts: [], laterTurns: laterApplied(this.list(), turnId), turns: journal.turns, restored, skipped: plan.skipped };
  }

  /** A folder to remove must hold nothing but what the restore removes too. */
  private blockedFolders(targets: Map<string, FsEntry | null>, current: Map<string, FsEntry | null>): { path: string; byTurn: null }[] {
    const out: { path: string; byTurn: null }[] = [];
    for (const [path, target] of targets) {
      if (current.get(path)?.kind !== 'dir' || (target && target.kind === 'dir')) continue;
      for (const name of withShortPath(join(this.root, path), (dir) => readdirSync(dir))) {
        const child = `${path}/${name}`;
        if (!(targets.has(child) && targets.get(child) === null)) out.push({ path: child, byTurn: null });
      }
    }
    return out;
  }

  /** Deletes the records of the turns that match, then every version no record and no current file needs. */
  async drop(match: (r: CheckpointRecord) => boolean): Promise<number> {
    return withLock(this.dir, async () => {
      const doomed = this.list().filter(match);
      for (const r of doomed) this.records.remove(r.turnId);
      if (doomed.length) this.sweep();
      return doomed.length;
    });
  }

  /** Age and size limits: oldest records go first; the current files' versions always stay. */
  async prune(now = Date.now()): Promise<{ removed: number; keptBytes: number }> {
    return withLock(this.dir, async () => {
      const { maxAgeMs, maxStoreBytes } = this.limits();
      const head = this.records.loadHead();
      const live = new Set([...head.values()].flatMap((e) => (e.hash ? [e.hash] : [])));
      let bytes = [...live].reduce((n, h) => n + this.objects.sizeOf(h), 0);
      let removed = 0;
      for (const r of this.list().reverse()) {
        const hashes = r.changes.flatMap((c) => [c.before?.hash, c.after?.hash]).filter((h): h is string => !!h && !live.has(h));
        const extra = [...new Set(hashes)].reduce((n, h) => n + this.objects.sizeOf(h), 0);
        if (now - r.createdAt > maxAgeMs || bytes + extra > maxStoreBytes) {
          this.records.remove(r.turnId);
          removed++;
          continue;
        }
        for (const h of hashes) live.add(h);
        bytes += extra;
      }
      return { removed, keptBytes: this.sweep().kept };
    });
  }

  private sweep(): { kept: number; removed: number } {
    const live = new Set<string>();
    for (const e of this.records.loadHead().values()) if (e.hash) live.add(e.hash);
    for (const r of this.list()) for (const c of r.changes) for (const e of [c.before, c.after]) if (e?.hash) live.add(e.hash);
    return this.objects.sweep(live);
  }
}
