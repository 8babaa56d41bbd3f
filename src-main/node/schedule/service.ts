// Schedules as the CLI and the app manage them: saved in the store, registered with the OS so they
// run with the app closed, re-registered after each run (the job lists the next times), removed
// from the OS when deleted, paused or finished. Registration failing never loses the schedule:
// the app still runs it while open, and the failure is reported.
import type { NewSchedule, Schedule } from '../../common/schedules.js';
import type { Logger } from '../../core/ports.js';
import { jobSpec } from './os/jobSpec.js';
import type { OsScheduler } from './os/register.js';
import type { ScheduleStore } from './scheduleStore.js';

export interface ScheduleServiceDeps {
  store: ScheduleStore;
  os: () => Promise<OsScheduler>;
  /** How the OS starts the CLI (os/jobSpec.ts cliCommand). */
  cli: { argv: string[]; env: Record<string, string> };
  /** Passed to the job as --data-dir when the store is not in the default place. */
  dataDirArg?: string;
  logger: Logger;
}

export interface Registration {
  osJob: string | null;
  warning: string | null;
}

export class ScheduleService {
  constructor(private readonly deps: ScheduleServiceDeps) {}

  async add(input: NewSchedule, register = true): Promise<{ schedule: Schedule } & Registration> {
    const schedule = this.deps.store.create(input);
    if (!register) return { schedule, osJob: null, warning: null };
    const reg = await this.sync(schedule.id);
    return { schedule: this.deps.store.require(schedule.id), ...reg };
  }

  async remove(id: string): Promise<boolean> {
    const schedule = this.deps.store.get(id);
    if (!schedule) return false;
    if (schedule.osJob) await this.unregister(id);
    return this.deps.store.remove(id);
  }

  /**
   * Brings the OS job in line with the schedule: rewritten with its next times while it has any and
   * is not paused, removed otherwise. Only schedules registered before (or `force`) are touched.
   */
  async sync(id: string, force = true): Promise<Registration> {
    const schedule = this.deps.store.get(id);
    if (!schedule || (!force && !schedule.osJob)) return { osJob: schedule?.osJob ?? null, warning: null };
    if (schedule.paused || schedule.nextRunAt === null) {
      if (schedule.osJob) await this.unregister(id);
      this.deps.store.setOsJob(id, null);
      return { osJob: null, warning: null };
    }
    try {
      const os = await this.deps.os();
      const where = await os.register(jobSpec(schedule, this.deps.cli, { dataDir: this.deps.dataDirArg }));
      const osJob = `${os.kind}: ${where}`;
      this.deps.store.setOsJob(id, osJob);
      return { osJob, warning: null };
    } catch (error) {
      const warning = `Not registered with the system's scheduler (${(error as Error).message}); it runs while the app is open.`;
      this.deps.logger.warn('schedule registration failed', { id, error: (error as Error).message });
      return { osJob: schedule.osJob, warning };
    }
  }

  /**
   * Rewrites every registered schedule's OS job (the desktop app does this once at start): a job
   * written by an install that was moved or replaced points at a program that is gone, and the next
   * times it lists run out while nothing runs them. One schedule at a time, in the background.
   */
  async refreshRegistered(): Promise<void> {
    for (const s of this.deps.store.list()) if (s.osJob) await this.sync(s.id, false);
  }

  private async unregister(id: string): Promise<void> {
    try {
      await (await this.deps.os()).unregister(id);
    } catch (error) {
      this.deps.logger.warn('schedule unregistration failed', { id, error: (error as Error).message });
    }
  }
}
