// What the OS scheduler is told for one schedule: the command line of the headless CLI and the
// next instants it should start it. The instants come from core/schedule/rules.ts, so every
// platform gets the same times with our DST rules, and the job is rewritten after each run to
// extend them (see register.ts); each OS also catches up a time missed while asleep or off.
import { join } from 'node:path';
import type { Schedule } from '../../../common/schedules.js';
import { upcomingRuns } from '../../../core/schedule/rules.js';
import { requiredFiles } from './guard.js';

export interface JobSpec {
  /** The schedule's id; job names are derived from it. */
  id: string;
  description: string;
  /** Program and arguments, absolute paths. */
  argv: string[];
  env: Record<string, string>;
  /** Files that must exist for the job to run (guard.ts): when one is gone the job removes itself. */
  requires: string[];
  /** Instants (ms) the job starts at, ascending. */
  times: number[];
}

/** Occurrences written into one job: at one a minute that is 20 minutes, refreshed by each run. */
export const TIMES_PER_JOB = 20;

/** The packaged desktop app's switch that runs a schedule without a window (hosts/cli/headless.ts). */
export const HEADLESS_FLAG = '--agentic-cli';

/**
 * How the OS starts the CLI. From a checkout: Node (the one running now) on bin/agentic.js, or the
 * development Electron with ELECTRON_RUN_AS_NODE. Packaged (the code in app.asar), neither exists
 * (bin/ is not shipped, and RunAsNode is fused off): the app's own executable with HEADLESS_FLAG;
 * in an AppImage that is the AppImage file ($APPIMAGE), not its transient mount. On Linux Chromium
 * is told to need no display (a cron job has none).
 */
export function cliCommand(
  appRoot: string,
  execPath: string = process.execPath,
  electron = Boolean(process.versions.electron),
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): { argv: string[]; env: Record<string, string> } {
  if (electron && /\.asar$/.test(appRoot)) {
    const program = (platform === 'linux' && env.APPIMAGE) || execPath;
    return { argv: [program, ...(platform === 'linux' ? ['--ozone-platform=headless'] : []), HEADLESS_FLAG], env: {} };
  }
  return { argv: [execPath, join(appRoot, 'bin', 'agentic.js')], env: electron ? { ELECTRON_RUN_AS_NODE: '1' } : {} };
}

export function jobSpec(schedule: Schedule, cli: { argv: string[]; env: Record<string, string> }, opts: { dataDir?: string; now?: number; extraArgs?: string[] } = {}): JobSpec {
  const now = opts.now ?? Date.now();
  const first = schedule.nextRunAt !== null && schedule.nextRunAt <= now ? [schedule.nextRunAt] : [];
  const times = [...first, ...upcomingRuns(schedule.rule, schedule.timeZone, Math.max(now, (schedule.nextRunAt ?? now) - 1), TIMES_PER_JOB - first.length)];
  return {
    id: schedule.id,
    description: `agentic schedule ${schedule.id}: ${schedule.name}`.replace(/[\r\n]+/g, ' ').slice(0, 200),
    argv: [...cli.argv, 'run', '--schedule', schedule.id, ...(opts.dataDir ? ['--data-dir', opts.dataDir] : []), ...(opts.extraArgs ?? [])],
    env: cli.env,
    requires: requiredFiles(cli.argv),
    times: [...new Set(times)].sort((a, b) => a - b),
  };
}

/** Ids become file and job names: only what every platform accepts there. */
export function safeId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`A schedule id must be letters, digits, - or _: ${JSON.stringify(id)}`);
  return id;
}
