// The open app's scheduler: it starts due runs itself (the same `agentic run --schedule ID` the OS
// job starts, as a child process, so a run has its own workspace, model and approval policy and
// cannot stall the window). The claim in the database decides who runs an occurrence, so the OS
// job that fires at the same moment steps aside. Idle, it is one timer set to the earliest next
// run, re-read at least every minute (the CLI or the OS job may have changed the schedules).
import { spawn } from 'node:child_process';
import type { Logger } from '../../core/ports.js';
import type { Notice } from './runClaim.js';
import type { ScheduleStore } from './scheduleStore.js';

export interface AppSchedulerDeps {
  store: ScheduleStore;
  cli: { argv: string[]; env: Record<string, string> };
  dataDir: string;
  logger: Logger;
  /** A run ended (the sessions list and the Schedules panel refresh). */
  onRunEnded: (scheduleId: string) => void;
  notify: (n: Notice) => void;
  now?: () => number;
  /** Added to each run's command line (tests: the Replay provider's flags). */
  extraArgs?: string[];
  /** Longest sleep between looks at the database. */
  maxSleepMs?: number;
}

export class AppScheduler {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<string, ReturnType<typeof spawn>>();
  private stopped = false;
  /** Schedules whose run did not move them on (the CLI failed to start): not retried for a minute. */
  private readonly backoff = new Map<string, number>();

  constructor(private readonly deps: AppSchedulerDeps) {}

  start(): void {
    this.stopped = false;
    this.tick();
  }

  /** Looks again now (a schedule was added or changed from the app). */
  poke(): void {
    if (!this.stopped) this.tick();
  }

  private tick(): void {
    if (this.timer) clearTimeout(this.timer);
    const now = (this.deps.now ?? Date.now)();
    let earliest = Infinity;
    try {
      for (const s of this.deps.store.list()) {
        if (s.paused || s.nextRunAt === null) continue;
        if (s.nextRunAt <= now && (this.backoff.get(s.id) ?? 0) <= now) this.launch(s.id, s.name, s.nextRunAt);
        else earliest = Math.min(earliest, s.nextRunAt);
      }
    } catch (error) {
      this.deps.logger.error('scheduler could not read the schedules', { error: (error as Error).message });
    }
    const sleep = Math.max(1000, Math.min(earliest - now, this.deps.maxSleepMs ?? 60_000));
    this.timer = setTimeout(() => this.tick(), sleep);
    this.timer.unref();
  }

  /** `run-now` from the panel: an extra run, in its own process like the others. */
  runNow(id: string, name: string): void {
    this.launch(id, name, null);
  }

  private launch(id: string, name: string, dueAt: number | null): void {
    if (this.running.has(id)) return;
    const [cmd, ...args] = this.deps.cli.argv;
    const command = dueAt === null ? ['schedule', 'run-now', id] : ['run', '--schedule', id];
    const child = spawn(cmd!, [...args, ...command, '--data-dir', this.deps.dataDir, ...(this.deps.extraArgs ?? [])], {
      env: { ...process.env, ...this.deps.cli.env, AGENTIC_SCHEDULE_RUNNER: 'app' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.running.set(id, child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
      // The run asks for approval: tell the user now, not when it ends.
      const approval = /^(.* needs your approval): (.*) \(answer in the app/m.exec(d.toString());
      if (approval) this.deps.notify({ kind: 'approval', title: approval[1]!, body: approval[2]! });
    });
    child.on('error', (error) => this.deps.logger.error('scheduled run did not start', { id, error: error.message }));
    child.on('close', (code) => {
      this.running.delete(id);
      const after = this.deps.store.get(id);
      if (dueAt !== null && after?.nextRunAt === dueAt) this.backoff.set(id, (this.deps.now ?? Date.now)() + 60_000);
      if (code !== 0) this.deps.logger.warn('scheduled run ended with an error', { id, code, stderr: stderr.slice(-500) });
      const run = this.deps.store.runs(id, 1)[0];
      // The OS job that ran it (the app's run stepped aside) tells the user itself.
      if (run && run.status !== 'missed' && run.runner !== 'os-job')
        this.deps.notify({ kind: run.status === 'done' ? 'done' : 'failed', title: `${name}: ${run.status}`, body: run.error ?? `${run.changedFiles ?? 0} file(s) changed` });
      this.deps.onRunEnded(id);
      this.poke();
    });
  }

  /** Stops looking; runs already started finish on their own (they are separate processes). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
