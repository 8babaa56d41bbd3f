// Killing everything a block started. Under bubblewrap the PID namespace does it (its init dies, the
// kernel kills the rest). Without it, a process group kill misses `setsid` children and orphans, so
// each block's processes carry a marker in their environment, and /proc is swept for it (Linux).
import { readdir, readFile } from 'node:fs/promises';

export const BLOCK_MARKER_VAR = 'AGENTIC_BLOCK_RUN';
const MAX_SWEEPS = 8;
const SWEEP_PAUSE_MS = 15;

function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone: that is the goal.
  }
}

/** PIDs of live processes whose environment carries `marker` (Linux /proc; empty elsewhere). */
export async function processesWithMarker(marker: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const needle = `${BLOCK_MARKER_VAR}=${marker}\0`;
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  await Promise.all(
    entries
      .filter((e) => /^\d+$/.test(e) && Number(e) !== process.pid)
      .map(async (e) => {
        const environ = await readFile(`/proc/${e}/environ`, 'latin1').catch(() => '');
        if (environ.includes(needle)) found.push(Number(e));
      }),
  );
  return found;
}

/** Kills the process group led by `pid`, then every process still carrying the block's marker. */
export async function killTree(pid: number | null, marker: string | null): Promise<void> {
  if (pid !== null && pid > 0) {
    signalQuietly(-pid, 'SIGKILL');
    signalQuietly(pid, 'SIGKILL');
  }
  if (marker === null) return;
  // Sweep until two sweeps in a row find nothing: a child may be forked while another is being killed,
  // and a process in the middle of execve() shows an empty environ for a moment (seen on a loaded
  // machine: a `setsid sleep` survived a single empty sweep).
  let emptyInARow = 0;
  for (let round = 0; round < MAX_SWEEPS && emptyInARow < 2; round++) {
    const pids = await processesWithMarker(marker);
    if (pids.length === 0) {
      emptyInARow++;
      if (emptyInARow < 2) await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
      continue;
    }
    emptyInARow = 0;
    for (const p of pids) signalQuietly(p, 'SIGKILL');
  }
}
