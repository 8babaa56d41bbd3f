// Start-up times of child processes, each given above a bare `node -e 0` measured in the same run,
// so that the machine's own process start is not counted as the app's.
import { execFile } from 'node:child_process';
import { median, type BenchRow } from './types.js';

/** Milliseconds from the spawn to the exit of `file args`; a failure rejects with its stderr. */
export function timed(file: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(file, args, opts, (error, _stdout, stderr) => (error ? reject(new Error(`${args.join(' ')}: ${stderr || error.message}`)) : resolve(performance.now() - started)));
  });
}

export const bareNode = (opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) => timed(process.execPath, ['-e', '0'], opts);

/** A row of the median of `times` above the median of `bare`, against a target in ms when given. */
export function aboveBareNode(suite: string, metric: string, times: number[], bare: number[], opts: { targetMs?: number; note: string }): BenchRow {
  const base = median(bare);
  const value = median(times) - base;
  return {
    suite,
    metric,
    value,
    unit: 'ms',
    baseline: { label: 'node -e 0', value: base },
    ...(opts.targetMs === undefined ? {} : { target: `≤ ${opts.targetMs} ms`, met: value <= opts.targetMs }),
    note: opts.note,
  };
}
