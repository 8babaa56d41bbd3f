// Where Linux has no systemd user session: lines in the user's crontab, one per upcoming instant,
// in the system's local time (cron reads that), tagged so they can be found and removed. Each line
// checks that the app is still there first, and takes this schedule's lines out when it is not.
import { cronGuard, shQuote } from './guard.js';
import type { JobSpec } from './jobSpec.js';
import { safeId } from './jobSpec.js';
import { wallAt } from '../../../core/schedule/zoned.js';

export const cronTag = (id: string): string => `# agentic-schedule ${safeId(id)}`;

export function cronLines(spec: JobSpec, systemTimeZone: string): string[] {
  const env = Object.entries(spec.env).map(([k, v]) => `${k}=${shQuote(v)} `);
  // cron treats % as a newline in the command: escape it.
  const command = cronGuard(spec.requires, `${env.join('')}${spec.argv.map(shQuote).join(' ')}`, cronTag(spec.id)).replace(/%/g, '\\%');
  const lines = spec.times.map((t) => {
    const w = wallAt(t, systemTimeZone);
    return `${w.minute} ${w.hour} ${w.day} ${w.month} * ${command} ${cronTag(spec.id)}`;
  });
  return [...new Set(lines)];
}

/** The schedule ids of this app's lines in a crontab. */
export function cronIds(crontab: string): string[] {
  const ids = crontab.split('\n').map((l) => /# agentic-schedule ([A-Za-z0-9_-]{1,64})$/.exec(l)?.[1]);
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/** The crontab without this schedule's lines, plus `lines`. */
export function replaceCronLines(crontab: string, id: string, lines: readonly string[]): string {
  const kept = crontab.split('\n').filter((l) => l.trim() !== '' && !l.endsWith(cronTag(id)));
  return [...kept, ...lines].join('\n') + '\n';
}
