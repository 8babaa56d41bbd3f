// Where Linux has no systemd user session: lines in the user's crontab, one per upcoming instant,
// in the system's local time (cron reads that), tagged so they can be found and removed.
import type { JobSpec } from './jobSpec.js';
import { safeId } from './jobSpec.js';
import { wallAt } from '../../../core/schedule/zoned.js';

export const cronTag = (id: string): string => `# agentic-schedule ${safeId(id)}`;

/** POSIX shell single quotes. */
export const shQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function cronLines(spec: JobSpec, systemTimeZone: string): string[] {
  const env = Object.entries(spec.env).map(([k, v]) => `${k}=${shQuote(v)} `);
  // cron treats % as a newline in the command: escape it.
  const command = `${env.join('')}${spec.argv.map(shQuote).join(' ')}`.replace(/%/g, '\\%');
  const lines = spec.times.map((t) => {
    const w = wallAt(t, systemTimeZone);
    return `${w.minute} ${w.hour} ${w.day} ${w.month} * ${command} ${cronTag(spec.id)}`;
  });
  return [...new Set(lines)];
}

/** The crontab without this schedule's lines, plus `lines`. */
export function replaceCronLines(crontab: string, id: string, lines: readonly string[]): string {
  const kept = crontab.split('\n').filter((l) => l.trim() !== '' && !l.endsWith(cronTag(id)));
  return [...kept, ...lines].join('\n') + '\n';
}
