// When a schedule runs next. Calendar rules (daily, weekly, cron) are wall-clock times in the
// schedule's time zone, so 08:00 stays 08:00 across a DST change; "every N hours" is elapsed time,
// so it keeps its spacing when the clocks move. See zoned.ts for skipped and repeated times.
import { addDays, instantOf, wallAt } from './zoned.js';
import { dayMatches, parseCron, timeOfDaySpec, type CalendarSpec } from './cron.js';
import type { ScheduleRule } from '../../common/schedules.js';

/** A calendar rule that matches nothing for this long never will (Feb 29 recurs within 8 years). */
const SEARCH_DAYS = 366 * 8 + 2;

export function calendarOf(rule: ScheduleRule): CalendarSpec | null {
  switch (rule.kind) {
    case 'daily':
    case 'weekly': {
      const [h, m] = rule.time.split(':').map(Number) as [number, number];
      return timeOfDaySpec(h, m, rule.kind === 'weekly' ? rule.weekdays : undefined);
    }
    case 'cron':
      return parseCron(rule.expr);
    default:
      return null;
  }
}

function nextCalendar(spec: CalendarSpec, timeZone: string, after: number): number | null {
  const start = wallAt(after, timeZone);
  for (let i = -1; i < SEARCH_DAYS; i++) {
    // Start a day early: a skipped wall time of the day before can land after `after`.
    const date = addDays(start, i);
    if (!dayMatches(spec, date)) continue;
    for (const hour of spec.hours) {
      const lastOfHour = instantOf({ ...date, hour, minute: spec.minutes[spec.minutes.length - 1]! }, timeZone);
      if (lastOfHour <= after) continue;
      for (const minute of spec.minutes) {
        const at = instantOf({ ...date, hour, minute }, timeZone);
        if (at > after) return at;
      }
    }
  }
  return null;
}

/** The first run strictly after `after` (ms since the epoch), or null when the rule has no more. */
export function nextRun(rule: ScheduleRule, timeZone: string, after: number): number | null {
  switch (rule.kind) {
    case 'once':
      return rule.at > after ? rule.at : null;
    case 'every': {
      if (after < rule.anchor) return rule.anchor;
      const periods = Math.floor((after - rule.anchor) / rule.everyMs) + 1;
      return rule.anchor + periods * rule.everyMs;
    }
    default:
      return nextCalendar(calendarOf(rule)!, timeZone, after);
  }
}

/** The next `count` runs after `after` (for the OS job's timer and the panel's preview). */
export function upcomingRuns(rule: ScheduleRule, timeZone: string, after: number, count: number): number[] {
  const out: number[] = [];
  let t = after;
  while (out.length < count) {
    const next = nextRun(rule, timeZone, t);
    if (next === null) break;
    out.push(next);
    t = next;
  }
  return out;
}
