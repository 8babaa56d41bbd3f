// Wall-clock time in a named time zone, with the platform's own zone database (Intl), so the rules
// follow the tz data the OS ships instead of a copy of it in the app.

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whether the platform knows the zone (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at instant `ms`. */
export function wallAt(ms: number, timeZone: string): WallTime & { second: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (east positive). */
export function offsetAt(ms: number, timeZone: string): number {
  const w = wallAt(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in `timeZone`. A time the clocks skip (spring forward) is
 * read with the offset before the change, so 02:30 on a 02:00→03:00 night becomes 03:30 and the run
 * still happens that day; a time that occurs twice (fall back) is its first occurrence, so a daily
 * run runs once. This is what Temporal calls the "compatible" disambiguation.
 */
export function instantOf(wall: Omit<WallTime, 'weekday'>, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const DAY = 86_400_000;
  const before = offsetAt(naive - DAY, timeZone);
  const after = offsetAt(naive + DAY, timeZone);
  const valid = [...new Set([before, after])].map((o) => naive - o).filter((ms) => offsetAt(ms, timeZone) === naive - ms);
  if (valid.length === 0) return naive - before;
  return Math.min(...valid);
}

/** The calendar date `days` after the given one (month and year ends handled by Date.UTC). */
export function addDays(date: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}
