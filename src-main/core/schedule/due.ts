// What a runner does with a schedule now: nothing yet, run the occurrence that is due, or record
// the occurrences it missed (computer off or asleep) and run one of them only if the schedule
// catches up. Pure: the app's scheduler and the OS job's CLI decide the same way.
import type { Schedule } from '../../common/schedules.js';
import { nextRun } from './rules.js';

/** A run this late (ms) still counts as on time: timers fire late after load or a wake-up. */
export const ON_TIME_MS = 5 * 60_000;
/** Missed occurrences recorded one by one at most; beyond that, one row says how many. */
const MAX_MISSED_ROWS = 20;

export type DueDecision =
  | { action: 'wait' }
  /** Run the occurrence `dueAt`; `missed` are earlier ones skipped (recorded as missed). */
  | { action: 'run'; dueAt: number; missed: number[]; nextRunAt: number | null }
  /** Too late and no catch-up: record `missed`, move on to `nextRunAt`. */
  | { action: 'skip'; missed: number[]; nextRunAt: number | null };

export function decide(schedule: Pick<Schedule, 'rule' | 'timeZone' | 'nextRunAt' | 'paused' | 'catchUp'>, now: number): DueDecision {
  const first = schedule.nextRunAt;
  if (schedule.paused || first === null || now < first) return { action: 'wait' };
  // Every occurrence from the stored next run up to now.
  const due: number[] = [first];
  let t = first;
  for (;;) {
    const next = nextRun(schedule.rule, schedule.timeZone, t);
    if (next === null || next > now) break;
    due.push(next);
    t = next;
    // A schedule every minute missed for a month: the count matters, not each row.
    if (due.length > 10_000) break;
  }
  const after = nextRun(schedule.rule, schedule.timeZone, Math.max(now, t));
  const latest = due[due.length - 1]!;
  const capped = (list: number[]) => list.slice(-MAX_MISSED_ROWS);
  // On time, or late with catch-up: the latest occurrence runs once, the earlier ones are missed.
  if (now - latest <= ON_TIME_MS || schedule.catchUp) return { action: 'run', dueAt: latest, missed: capped(due.slice(0, -1)), nextRunAt: after };
  return { action: 'skip', missed: capped(due), nextRunAt: after };
}

/** After a run ends: the failure count, and whether it pauses the schedule (and why). */
export function afterRun(
  schedule: Pick<Schedule, 'consecutiveFailures' | 'maxFailures'>,
  outcome: { ok: boolean; error?: string | null },
): { consecutiveFailures: number; pausedReason: string | null } {
  if (outcome.ok) return { consecutiveFailures: 0, pausedReason: null };
  const failures = schedule.consecutiveFailures + 1;
  if (failures < schedule.maxFailures) return { consecutiveFailures: failures, pausedReason: null };
  return {
    consecutiveFailures: failures,
    pausedReason: `Paused after ${failures} failed runs in a row; the last: ${(outcome.error ?? 'no error message').slice(0, 300)}`,
  };
}
