import { describe, expect, it } from 'vitest';
import { nextRun, upcomingRuns } from './rules.js';
import { atRule, cronRule, dailyRule, everyRule, parseDuration, weeklyRule } from './when.js';
import { afterRun, decide, ON_TIME_MS } from './due.js';
import { parseCron } from './cron.js';
import { instantOf, wallAt } from './zoned.js';
import type { ScheduleRule } from '../../common/schedules.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const at = (s: string) => Date.parse(s);
const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

describe('daily rules across DST', () => {
  it('keeps 08:00 local on both sides of the spring change (offset -5 → -4)', () => {
    const runs = upcomingRuns(dailyRule('08:00'), NY, at('2026-03-06T14:00:00Z'), 4).map(iso);
    expect(runs).toEqual(['2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z', '2026-03-09T12:00:00.000Z', '2026-03-10T12:00:00.000Z']);
  });

  it('runs a time the clocks skip (02:30 on a 02:00→03:00 night) at 03:30 the same day, once', () => {
    const runs = upcomingRuns(dailyRule('02:30'), NY, at('2026-03-07T12:00:00Z'), 3).map(iso);
    // 03:30 EDT = 07:30Z on the change day; the days around it are 02:30 EST/EDT.
    expect(runs).toEqual(['2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z', '2026-03-10T06:30:00.000Z']);
  });

  it('runs a time the clocks repeat (01:30 on fall-back night) once, at its first occurrence', () => {
    const runs = upcomingRuns(dailyRule('01:30'), NY, at('2026-10-31T12:00:00Z'), 3).map(iso);
    expect(runs).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z', '2026-11-03T06:30:00.000Z']);
  });

  it('does not run the repeated hour twice from an hourly cron rule, and skips none in the spring gap', () => {
    const fall = upcomingRuns({ kind: 'cron', expr: '30 * * * *' }, NY, at('2026-11-01T04:00:00Z'), 4).map((ms) => wallAt(ms, NY).hour);
    expect(fall).toEqual([0, 1, 2, 3]);
    const spring = upcomingRuns({ kind: 'cron', expr: '0 * * * *' }, BERLIN, at('2026-03-28T23:30:00Z'), 3).map(iso);
    // 01:00 CET, then 02:00 does not exist (read as 03:00 CEST), then 03:00 CEST is the same instant: one run.
    expect(spring).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z']);
  });

  it('keeps "every 6h" as elapsed time, so its wall-clock hour shifts by the DST change', () => {
    const rule = everyRule('6h', at('2026-03-07T18:00:00Z'));
    const runs = upcomingRuns(rule, NY, at('2026-03-07T18:00:00Z'), 5);
    const gaps = runs.slice(1).map((ms, i) => ms - runs[i]!);
    expect(gaps).toEqual([6, 6, 6, 6].map((h) => h * 3_600_000));
    expect(runs.map((ms) => wallAt(ms, NY).hour)).toEqual([19, 1, 8, 14, 20]);
  });
});

describe('month ends, leap days and weekdays', () => {
  it('runs "the 31st" only in months that have one', () => {
    const runs = upcomingRuns({ kind: 'cron', expr: '0 9 31 * *' }, 'UTC', at('2027-01-01T00:00:00Z'), 4).map(iso);
    expect(runs).toEqual(['2027-01-31T09:00:00.000Z', '2027-03-31T09:00:00.000Z', '2027-05-31T09:00:00.000Z', '2027-07-31T09:00:00.000Z']);
  });

  it('finds the next 29 February years ahead, and refuses a date that never comes', () => {
    expect(iso(nextRun({ kind: 'cron', expr: '0 0 29 2 *' }, 'UTC', at('2026-12-07T00:00:00Z')))).toBe('2028-02-29T00:00:00.000Z');
    expect(() => cronRule('0 0 30 2 *', 'UTC', at('2026-12-07T00:00:00Z'))).toThrow(/never matches/);
  });

  it('treats two restricted day fields as either, like crontab (the 1st or any Monday)', () => {
    const runs = upcomingRuns({ kind: 'cron', expr: '0 8 1 * mon' }, 'UTC', at('2026-05-30T00:00:00Z'), 3).map(iso);
    expect(runs).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-08T08:00:00.000Z', '2026-06-15T08:00:00.000Z']);
  });

  it('runs weekly rules on the named days in the zone, not in UTC', () => {
    // 23:30 Friday in Kolkata (+05:30) is 18:00Z Friday; in Auckland a Monday 07:00 is Sunday UTC.
    expect(iso(nextRun(weeklyRule('fri 23:30'), 'Asia/Kolkata', at('2026-12-07T00:00:00Z')))).toBe('2026-12-11T18:00:00.000Z');
    const auckland = nextRun(weeklyRule('mon 07:00'), 'Pacific/Auckland', at('2026-12-07T00:00:00Z'))!;
    expect(new Date(auckland).getUTCDay()).toBe(0);
    expect(wallAt(auckland, 'Pacific/Auckland')).toMatchObject({ weekday: 1, hour: 7, minute: 0 });
  });

  it('handles a 30-minute DST change (Lord Howe Island)', () => {
    // Clocks go 02:00 → 02:30 on 2026-10-04: 02:15 does not exist and runs at 02:45.
    const ms = nextRun(dailyRule('02:15'), 'Australia/Lord_Howe', at('2026-10-03T10:00:00Z'))!;
    expect(wallAt(ms, 'Australia/Lord_Howe')).toMatchObject({ day: 4, hour: 2, minute: 45 });
  });
});

describe('reading when', () => {
  const now = at('2026-12-07T17:00:00Z');
  it('reads durations and relative, dated and next-time one-offs in the zone', () => {
    expect(parseDuration('2h30m')).toBe(9_000_000);
    expect(parseDuration('1 day')).toBe(86_400_000);
    expect(atRule('in 2 hours', BERLIN, now)).toEqual({ kind: 'once', at: now + 7_200_000 });
    expect(iso((atRule('2026-12-24 18:00', BERLIN, now) as { at: number }).at)).toBe('2026-12-24T17:00:00.000Z');
    // 09:30 Berlin has passed today (18:00 there): tomorrow.
    expect(iso((atRule('09:30', BERLIN, now) as { at: number }).at)).toBe('2026-12-08T08:30:00.000Z');
    expect(iso((atRule('tomorrow 19:00', BERLIN, now) as { at: number }).at)).toBe('2026-12-08T18:00:00.000Z');
  });

  it('explains bad input', () => {
    expect(() => parseDuration('soon')).toThrow(/30m, 1h/);
    expect(() => dailyRule('8am')).toThrow(/HH:MM/);
    expect(() => atRule('2026-02-30 10:00', BERLIN, now)).toThrow(/no date/);
    expect(() => atRule('2020-01-01 10:00', BERLIN, now)).toThrow(/in the past/);
    expect(() => parseCron('0 8 * *')).toThrow(/4 fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/minute 61/);
    expect(() => weeklyRule('funday 08:00')).toThrow(/mon,fri/);
    expect(() => everyRule('30s', now)).toThrow();
  });

  it('reads names, steps, 7 as Sunday and macros', () => {
    const spec = parseCron('*/15 9-17/4 * jan,dec sun-sat');
    expect(spec.minutes).toEqual([0, 15, 30, 45]);
    expect(spec.hours).toEqual([9, 13, 17]);
    expect([...spec.months]).toEqual([1, 12]);
    expect([...parseCron('0 0 * * 7').weekdays]).toEqual([0]);
    expect(parseCron('@daily').hours).toEqual([0]);
  });
});

describe('due, missed and catch-up', () => {
  const rule: ScheduleRule = { kind: 'daily', time: '08:00' };
  const base = { rule, timeZone: 'UTC', paused: false, catchUp: false };
  const eight = at('2026-12-07T08:00:00Z');

  it('waits before the time and runs on time', () => {
    expect(decide({ ...base, nextRunAt: eight }, eight - 1)).toEqual({ action: 'wait' });
    expect(decide({ ...base, nextRunAt: eight }, eight + 1000)).toEqual({ action: 'run', dueAt: eight, missed: [], nextRunAt: eight + 86_400_000 });
  });

  it('records the runs missed while the computer was off, and runs once only when catching up', () => {
    const later = eight + 2 * 86_400_000 + 3_600_000;
    expect(decide({ ...base, nextRunAt: eight }, later)).toEqual({
      action: 'skip',
      missed: [eight, eight + 86_400_000, eight + 2 * 86_400_000],
      nextRunAt: eight + 3 * 86_400_000,
    });
    expect(decide({ ...base, catchUp: true, nextRunAt: eight }, later)).toEqual({
      action: 'run',
      dueAt: eight + 2 * 86_400_000,
      missed: [eight, eight + 86_400_000],
      nextRunAt: eight + 3 * 86_400_000,
    });
    expect(decide({ ...base, nextRunAt: eight }, eight + ON_TIME_MS + 1).action).toBe('skip');
  });

  it('never runs a paused schedule, nor a one-off twice', () => {
    expect(decide({ ...base, paused: true, nextRunAt: eight }, eight + 1)).toEqual({ action: 'wait' });
    const once = decide({ ...base, rule: { kind: 'once', at: eight }, nextRunAt: eight }, eight + 1);
    expect(once).toEqual({ action: 'run', dueAt: eight, missed: [], nextRunAt: null });
  });

  it('pauses after N consecutive failures and says why; a success resets the count', () => {
    expect(afterRun({ consecutiveFailures: 1, maxFailures: 3 }, { ok: false, error: 'x' })).toEqual({ consecutiveFailures: 2, pausedReason: null });
    expect(afterRun({ consecutiveFailures: 2, maxFailures: 3 }, { ok: false, error: 'provider unreachable' }).pausedReason).toMatch(/3 failed runs in a row.*provider unreachable/);
    expect(afterRun({ consecutiveFailures: 2, maxFailures: 3 }, { ok: true })).toEqual({ consecutiveFailures: 0, pausedReason: null });
  });
});

it('reads a wall time back from its instant in a zone with a fractional offset', () => {
  const ms = instantOf({ year: 2026, month: 7, day: 1, hour: 9, minute: 15 }, 'Asia/Kathmandu');
  expect(iso(ms)).toBe('2026-07-01T03:30:00.000Z');
});
