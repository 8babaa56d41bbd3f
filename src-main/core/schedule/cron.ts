// Calendar rules as sets of minutes, hours, days, months and weekdays: a daily or weekly schedule is
// one, and so is a cron expression (the classic five fields, as crontab(5) defines them: lists,
// ranges, steps, names, 7 for Sunday, and "either day field" when both are restricted).
import { AppError } from '../../common/errors.js';

export interface CalendarSpec {
  minutes: number[];
  hours: number[];
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** crontab: when both day fields are restricted, a day matching either runs. */
  dayStar: boolean;
  weekdayStar: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

interface Field {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** Value of names[0] (months start at 1). */
  namesFrom?: number;
}

const FIELDS: Field[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: WEEKDAY_NAMES, namesFrom: 0 },
];

function bad(expr: string, why: string): AppError {
  return new AppError('BAD_INPUT', `Cannot read the cron expression "${expr}": ${why}. Five fields: minute hour day-of-month month day-of-week, e.g. "0 8 * * 1-5".`);
}

function value(raw: string, field: Field, expr: string): number {
  const named = field.names?.indexOf(raw.toLowerCase()) ?? -1;
  if (named >= 0) return named + (field.namesFrom ?? 0);
  if (!/^\d+$/.test(raw)) throw bad(expr, `"${raw}" is not a ${field.name}`);
  const n = Number(raw);
  if (n < field.min || n > field.max) throw bad(expr, `${field.name} ${n} is outside ${field.min}–${field.max}`);
  return n;
}

function parseField(text: string, field: Field, expr: string): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw bad(expr, `step "${stepText}" is not a whole number above 0`);
    let lo: number;
    let hi: number;
    if (range === '*') [lo, hi] = [field.min, field.max];
    else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      [lo, hi] = [value(a, field, expr), value(b, field, expr)];
      if (lo > hi) throw bad(expr, `range ${range} runs backwards`);
    } else {
      lo = value(range, field, expr);
      hi = stepText === undefined ? lo : field.max;
    }
    for (let n = lo; n <= hi; n += step) out.add(n);
  }
  return out;
}

export function parseCron(expression: string): CalendarSpec {
  const expr = expression.trim();
  const fields = (MACROS[expr.toLowerCase()] ?? expr).split(/\s+/);
  if (fields.length !== 5) throw bad(expr, `it has ${fields.length} field${fields.length === 1 ? '' : 's'}`);
  const [minutes, hours, days, months, weekdays] = fields.map((f, i) => parseField(f, FIELDS[i]!, expr)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes: [...minutes].sort((a, b) => a - b),
    hours: [...hours].sort((a, b) => a - b),
    days,
    months,
    weekdays,
    dayStar: fields[2]!.startsWith('*'),
    weekdayStar: fields[4]!.startsWith('*'),
  };
}

const ALL = (from: number, to: number) => new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** A fixed time of day on the given weekdays (all seven for a daily schedule). */
export function timeOfDaySpec(hour: number, minute: number, weekdays: readonly number[] = [0, 1, 2, 3, 4, 5, 6]): CalendarSpec {
  return { minutes: [minute], hours: [hour], days: ALL(1, 31), months: ALL(1, 12), weekdays: new Set(weekdays), dayStar: true, weekdayStar: weekdays.length === 7 };
}

export function dayMatches(spec: CalendarSpec, date: { month: number; day: number; weekday: number }): boolean {
  if (!spec.months.has(date.month)) return false;
  const day = spec.days.has(date.day);
  const weekday = spec.weekdays.has(date.weekday);
  if (spec.dayStar || spec.weekdayStar) return day && weekday;
  return day || weekday;
}
