// Rows of the schedule tables and the objects the rest of the app sees.
import { z } from 'zod';
import { AppError } from '../../common/errors.js';
import { ScheduleSchema, type Schedule, type ScheduleRun, type RunStatus } from '../../common/schedules.js';

export interface ScheduleRow {
  id: string;
  config: string;
  next_run_at: number | null;
  paused: number;
  paused_reason: string | null;
  consecutive_failures: number;
  created_at: number;
}

export interface RunRow {
  id: number;
  schedule_id: string;
  due_at: number;
  status: string;
  runner: string;
  owner_pid: number | null;
  session_id: string | null;
  started_at: number | null;
  ended_at: number | null;
  tokens: number | null;
  changed_files: number | null;
  notes: string;
  error: string | null;
}

/** What `config` holds: everything the user chose; the runners' state has its own columns. */
export const ConfigSchema = ScheduleSchema.omit({ id: true, nextRunAt: true, paused: true, pausedReason: true, consecutiveFailures: true, createdAt: true });
export type ScheduleConfig = z.infer<typeof ConfigSchema>;

export function toSchedule(row: ScheduleRow): Schedule {
  const parsed = ConfigSchema.safeParse(JSON.parse(row.config));
  if (!parsed.success) throw new AppError('STORE_ERROR', `Schedule ${row.id} is unreadable: ${parsed.error.issues[0]?.message ?? 'bad config'}`);
  return {
    ...parsed.data,
    id: row.id,
    nextRunAt: row.next_run_at,
    paused: row.paused === 1,
    pausedReason: row.paused_reason,
    consecutiveFailures: row.consecutive_failures,
    createdAt: row.created_at,
  };
}

/** A run as the history shows it, with the notes a dry run or the allow list left. */
export type RunView = ScheduleRun & { notes: string[] };

export function toRun(row: RunRow): RunView {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    dueAt: row.due_at,
    status: row.status as RunStatus,
    runner: row.runner,
    sessionId: row.session_id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    tokens: row.tokens,
    changedFiles: row.changed_files,
    error: row.error,
    notes: JSON.parse(row.notes) as string[],
  };
}
