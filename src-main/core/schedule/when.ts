// The CLI's and the panel's ways of saying when: "--every 1h", "--daily 08:00", "--weekly mon,fri
// 08:00", "--at 'in 2 hours' | 2026-12-24 18:00 | 09:30 | tomorrow 09:30", "--cron '0 8 * * 1-5'".
import { AppError } from '../../common/errors.js';
import type { ScheduleRule } from '../../common/schedules.js';
import { parseCron, WEEKDAY_NAMES } from './cron.js';
import { nextRun } from './rules.js';
import { addDays, instantOf, wallAt } from './zoned.js';

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** "90m", "1h", "2h30m", "1 day", "3 hours" → milliseconds. */
export function parseDuration(text: string): number {
  const clean = text.trim().toLowerCase();
  const re = /(\d+)\s*(minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w)\s*/gy;
  let total = 0;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = re.exec(clean)) !== null) {
    total += Number(match[1]) * UNIT_MS[match[2]![0]!]!;
    end = re.lastIndex;
  }
  if (end === 0 || end !== clean.length || total <= 0) {
    throw new AppError('BAD_INPUT', `Cannot read the duration "${text}": write it as 30m, 1h, 2h30m, 1d or 1w.`);
  }
  return total;
}

function timeOfDay(text: string): { hour: number; minute: number } {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new AppError('BAD_INPUT', `Cannot read the time "${text}": write it as HH:MM, 24-hour (08:00, 17:30).`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dailyRule(text: string): ScheduleRule {
  const { hour, minute } = timeOfDay(text);
  return { kind: 'daily', time: `${pad(hour)}:${pad(minute)}` };
}

/** "mon,fri 08:00" or "sat 10:00". */
export function weeklyRule(text: string): ScheduleRule {
  const [days = '', time = ''] = text.trim().split(/\s+/);
  const weekdays = days.split(',').map((d) => WEEKDAY_NAMES.indexOf(d.slice(0, 3).toLowerCase()));
  if (weekdays.some((d) => d < 0) || !time) throw new AppError('BAD_INPUT', `Cannot read the weekly time "${text}": write it as "mon,fri 08:00".`);
  const { hour, minute } = timeOfDay(time);
  return { kind: 'weekly', time: `${pad(hour)}:${pad(minute)}`, weekdays: [...new Set(weekdays)].sort() };
}

export function everyRule(text: string, now: number): ScheduleRule {
  const everyMs = parseDuration(text);
  if (everyMs < 60_000) throw new AppError('BAD_INPUT', 'A schedule repeats at most once a minute.');
  return { kind: 'every', everyMs, anchor: now + everyMs };
}

export function cronRule(expr: string, timeZone: string, now: number): ScheduleRule {
  parseCron(expr);
  const rule: ScheduleRule = { kind: 'cron', expr: expr.trim() };
  if (nextRun(rule, timeZone, now) === null) throw new AppError('BAD_INPUT', `The cron expression "${expr}" never matches a date.`);
  return rule;
}

/** A one-off time: "in 2 hours", "2026-12-24 18:00", "09:30" (the next one), "tomorrow 09:30"; wall times in `timeZone`. */
export function atRule(text: string, timeZone: string, now: number): ScheduleRule {
  const clean = text.trim().toLowerCase();
  const relative = /^in\s+(.+)$/.exec(clean);
  if (relative) return { kind: 'once', at: now + parseDuration(relative[1]!) };
  const dated = /^(\d{4})-(\d{2})-(\d{2})[ t](\d{1,2}:\d{2})$/.exec(clean);
  let at: number;
  if (dated) {
    const { hour, minute } = timeOfDay(dated[4]!);
    const [year, month, day] = [Number(dated[1]), Number(dated[2]), Number(dated[3])];
    const check = addDays({ year, month, day }, 0);
    if (check.month !== month || check.day !== day) throw new AppError('BAD_INPUT', `There is no date ${dated[1]}-${dated[2]}-${dated[3]}.`);
    at = instantOf({ year, month, day, hour, minute }, timeZone);
  } else {
    const tomorrow = /^tomorrow\s+(.+)$/.exec(clean);
    const { hour, minute } = timeOfDay(tomorrow ? tomorrow[1]! : clean);
    const date = addDays(wallAt(now, timeZone), tomorrow ? 1 : 0);
    at = instantOf({ ...date, hour, minute }, timeZone);
    if (!tomorrow && at <= now) at = instantOf({ ...addDays(date, 1), hour, minute }, timeZone);
  }
  if (at <= now) throw new AppError('BAD_INPUT', `"${text}" is in the past.`);
  return { kind: 'once', at };
}

/** How the panel and the CLI list say when a rule runs. */
export function describeRule(rule: ScheduleRule): string {
  switch (rule.kind) {
    case 'once':
      return `once at ${new Date(rule.at).toISOString()}`;
    case 'every':
      return `every ${rule.everyMs % 3_600_000 === 0 ? `${rule.everyMs / 3_600_000}h` : `${rule.everyMs / 60_000}m`}`;
    case 'daily':
      return `daily at ${rule.time}`;
    case 'weekly':
      return `weekly on ${rule.weekdays.map((d) => WEEKDAY_NAMES[d]).join(',')} at ${rule.time}`;
    case 'cron':
      return `cron ${rule.expr}`;
  }
}
