// Schedules and their runs, in the sessions database (their runs are sessions there too). Several
// processes use it at once: the open app, the OS job's CLI, `agentic schedule …`. A run is claimed
// by inserting its (schedule, occurrence) row inside an IMMEDIATE transaction that also moves the
// schedule on, so two runners racing for one occurrence run it once: the second sees it taken.
import { AppError } from '../../common/errors.js';
import { NewScheduleSchema, type NewSchedule, type RunStatus, type Schedule } from '../../common/schedules.js';
import { afterRun, decide } from '../../core/schedule/due.js';
import { nextRun } from '../../core/schedule/rules.js';
import { isTimeZone } from '../../core/schedule/zoned.js';
import { processAlive } from '../processAlive.js';
import { inTransaction, openDatabase, type Db } from '../store/database.js';
import { migrate } from '../store/schema.js';
import { ConfigSchema, toRun, toSchedule, type RunRow, type RunView, type ScheduleRow } from './rows.js';

export type Claim = { runId: number; dueAt: number; schedule: Schedule };
export interface RunEnd {
  status: Extract<RunStatus, 'done' | 'failed' | 'cancelled'>;
  tokens?: number | null;
  changedFiles?: number | null;
  error?: string | null;
  notes?: string[];
}

export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export class ScheduleStore {
  private constructor(private readonly db: Db) {}

  static open(path: string): ScheduleStore {
    const db = openDatabase(path);
    try {
      db.pragma('busy_timeout = 10000');
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      migrate(db);
    } catch (error) {
      db.close();
      throw error instanceof AppError ? error : new AppError('STORE_ERROR', `Cannot open the schedules in ${path}: ${(error as Error).message}`);
    }
    const store = new ScheduleStore(db);
    store.failAbandonedRuns();
    return store;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  create(input: NewSchedule, now = Date.now()): Schedule {
    const parsed = NewScheduleSchema.safeParse(input);
    if (!parsed.success) throw new AppError('BAD_INPUT', `Bad schedule: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    const data = parsed.data;
    const timeZone = data.timeZone ?? localTimeZone();
    if (!isTimeZone(timeZone)) throw new AppError('BAD_INPUT', `Unknown time zone "${timeZone}" (use an IANA name such as Europe/Paris).`);
    const first = nextRun(data.rule, timeZone, now - 1);
    if (first === null) throw new AppError('BAD_INPUT', 'That schedule would never run (its time has passed).');
    const config = ConfigSchema.parse({ ...data, timeZone, name: data.name || data.request.replace(/\s+/g, ' ').slice(0, 60) });
    const id = crypto.randomUUID().slice(0, 8);
    this.db.prepare('INSERT INTO schedules (id, config, next_run_at, created_at) VALUES (?, ?, ?, ?)').run(id, JSON.stringify(config), first, now);
    return this.get(id)!;
  }

  get(id: string): Schedule | null {
    const row = this.db.prepare('SELECT * FROM schedules WHERE id = ?').get(id) as ScheduleRow | undefined;
    return row ? toSchedule(row) : null;
  }

  require(id: string): Schedule {
    const schedule = this.get(id);
    if (!schedule) throw new AppError('NOT_FOUND', `No schedule ${id}. List them with: agentic schedule list`);
    return schedule;
  }

  list(): Schedule[] {
    return (this.db.prepare('SELECT * FROM schedules ORDER BY created_at, id').all() as ScheduleRow[]).map(toSchedule);
  }

  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM schedules WHERE id = ?').run(id).changes > 0;
  }

  /** Where the OS job is registered (see service.ts), kept with the schedule's settings. */
  setOsJob(id: string, osJob: string | null): void {
    const row = this.db.prepare('SELECT config FROM schedules WHERE id = ?').get(id) as { config: string } | undefined;
    if (!row) return;
    this.db.prepare('UPDATE schedules SET config = ? WHERE id = ?').run(JSON.stringify({ ...(JSON.parse(row.config) as object), osJob }), id);
  }

  /** Pausing keeps the history; resuming starts from the next time after now. */
  setPaused(id: string, paused: boolean, now = Date.now()): Schedule {
    const s = this.require(id);
    const next = paused ? s.nextRunAt : nextRun(s.rule, s.timeZone, now);
    this.db.prepare('UPDATE schedules SET paused = ?, paused_reason = NULL, consecutive_failures = 0, next_run_at = ? WHERE id = ?').run(paused ? 1 : 0, next, id);
    return this.require(id);
  }

  /**
   * Claims the occurrence due now, if any, for `runner`; records missed ones either way. Null when
   * nothing is due or another runner already took it.
   */
  claimDue(id: string, runner: string, now = Date.now()): Claim | null {
    return inTransaction(this.db, 'IMMEDIATE', () => {
      const schedule = this.get(id);
      if (!schedule) return null;
      const decision = decide(schedule, now);
      if (decision.action === 'wait') return null;
      const missed = this.db.prepare("INSERT INTO schedule_runs (schedule_id, due_at, status, runner) VALUES (?, ?, 'missed', ?) ON CONFLICT DO NOTHING");
      for (const at of decision.missed) missed.run(id, at, runner);
      this.db.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(decision.nextRunAt, id);
      if (decision.action === 'skip') return null;
      const runId = this.insertRun(id, decision.dueAt, runner, now);
      return runId === null ? null : { runId, dueAt: decision.dueAt, schedule };
    });
  }

  /** `run-now`: an extra run at this instant, whatever the schedule's times. */
  claimNow(id: string, runner: string, now = Date.now()): Claim {
    const schedule = this.require(id);
    const runId = this.insertRun(id, now, runner, now);
    if (runId === null) throw new AppError('BAD_INPUT', `Schedule ${id} already has a run at this instant.`);
    return { runId, dueAt: now, schedule };
  }

  private insertRun(id: string, dueAt: number, runner: string, now: number): number | null {
    const row = this.db
      .prepare("INSERT INTO schedule_runs (schedule_id, due_at, status, runner, owner_pid, started_at) VALUES (?, ?, 'running', ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id")
      .get(id, dueAt, runner, process.pid, now) as { id: number } | undefined;
    return row?.id ?? null;
  }

  setRunSession(runId: number, sessionId: string): void {
    this.db.prepare('UPDATE schedule_runs SET session_id = ? WHERE id = ?').run(sessionId, runId);
  }

  setRunStatus(runId: number, status: 'running' | 'waiting-approval'): void {
    this.db.prepare("UPDATE schedule_runs SET status = ? WHERE id = ? AND status IN ('running', 'waiting-approval')").run(status, runId);
  }

  /** Ends a run; a failure counts towards pausing the schedule (see afterRun). */
  finishRun(runId: number, end: RunEnd, now = Date.now()): RunView {
    return inTransaction(this.db, 'IMMEDIATE', () => {
      this.db
        .prepare('UPDATE schedule_runs SET status = ?, ended_at = ?, tokens = ?, changed_files = ?, error = ?, notes = ?, owner_pid = NULL WHERE id = ?')
        .run(end.status, now, end.tokens ?? null, end.changedFiles ?? null, end.error ?? null, JSON.stringify(end.notes ?? []), runId);
      const run = this.run(runId)!;
      const schedule = this.get(run.scheduleId);
      if (schedule && end.status !== 'cancelled') {
        const next = afterRun(schedule, { ok: end.status === 'done', error: end.error });
        this.db
          .prepare('UPDATE schedules SET consecutive_failures = ?, paused = paused OR ?, paused_reason = COALESCE(?, paused_reason) WHERE id = ?')
          .run(next.consecutiveFailures, next.pausedReason ? 1 : 0, next.pausedReason, schedule.id);
      }
      return run;
    });
  }

  run(runId: number): RunView | null {
    const row = this.db.prepare('SELECT * FROM schedule_runs WHERE id = ?').get(runId) as RunRow | undefined;
    return row ? toRun(row) : null;
  }

  runs(scheduleId: string, limit = 50): RunView[] {
    return (this.db.prepare('SELECT * FROM schedule_runs WHERE schedule_id = ? ORDER BY due_at DESC, id DESC LIMIT ?').all(scheduleId, limit) as RunRow[]).map(toRun);
  }

  /** Runs whose process died (crash, kill, shutdown) are failed, as the session store does with turns. */
  private failAbandonedRuns(): void {
    const rows = this.db.prepare("SELECT id, owner_pid FROM schedule_runs WHERE status IN ('running', 'waiting-approval')").all() as { id: number; owner_pid: number | null }[];
    for (const row of rows) {
      if (row.owner_pid !== null && processAlive(row.owner_pid)) continue;
      this.finishRun(row.id, { status: 'failed', error: 'The process running it stopped before the run ended.' });
    }
  }

  /** The database connection, for the approvals table (approvals.ts). */
  get connection(): Db {
    return this.db;
  }
}
