// Whether a process still runs, for files and folders that name their owner by PID (locks, the
// store's writers, cgroups, temporary folders) and are cleaned up once that owner is gone.

/** EPERM means the process exists but belongs to another user: it is alive. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
