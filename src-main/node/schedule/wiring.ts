// The schedules as the app wires them: the store beside the sessions, registration with the OS,
// the contract's schedule.* handlers, and (in the desktop app) the scheduler that runs due jobs.
import { join } from 'node:path';
import type { CommandArgs, Handlers } from '../../common/contract.js';
import type { EventInput } from '../../common/events.js';
import type { ScheduleRule, ScheduleWhen } from '../../common/schedules.js';
import type { Logger } from '../../core/ports.js';
import { atRule, cronRule, dailyRule, everyRule, weeklyRule } from '../../core/schedule/when.js';
import { AppScheduler } from './appScheduler.js';
import { ApprovalRows } from './approvals.js';
import { cliCommand } from './os/jobSpec.js';
import { osScheduler } from './os/register.js';
import type { Notice } from './runClaim.js';
import { localTimeZone, ScheduleStore } from './scheduleStore.js';
import { ScheduleService } from './service.js';

type ScheduleHandlers = Pick<Handlers, `schedule.${string}` & keyof Handlers>;

export interface ScheduleWiring {
  handlers: ScheduleHandlers;
  dispose(): void;
}

export function ruleFromWhen(when: ScheduleWhen, timeZone: string, now = Date.now()): ScheduleRule {
  if ('every' in when) return everyRule(when.every, now);
  if ('daily' in when) return dailyRule(when.daily);
  if ('weekly' in when) return weeklyRule(when.weekly);
  if ('at' in when) return atRule(when.at, timeZone, now);
  return cronRule(when.cron, timeZone, now);
}

export function createSchedules(opts: {
  dataDir: string;
  appRoot: string;
  logger: Logger;
  emit: (event: EventInput) => void;
  /** Run due jobs in this process's lifetime (the desktop app); the CLI and tests leave it off. */
  runDueJobs: boolean;
  notify?: (n: Notice) => void;
  /** The app's Replay script (test hooks): the runs it starts use the same scripted model. */
  replayFile?: string;
}): ScheduleWiring {
  const store = ScheduleStore.open(join(opts.dataDir, 'sessions.db'));
  const cli = cliCommand(opts.appRoot);
  const service = new ScheduleService({ store, os: () => osScheduler(opts.dataDir), cli, dataDirArg: opts.dataDir, logger: opts.logger });
  const changed = () => opts.emit({ type: 'sessions.changed', sessionId: null, turnId: null });
  const scheduler = opts.runDueJobs
    ? new AppScheduler({
        store,
        cli,
        dataDir: opts.dataDir,
        logger: opts.logger,
        onRunEnded: changed,
        notify: opts.notify ?? (() => {}),
        extraArgs: opts.replayFile ? ['--replay', opts.replayFile] : undefined,
      })
    : null;
  scheduler?.start();
  // The app runs from where it is installed now: the OS jobs are made to start this copy (guard.ts).
  if (scheduler) service.refreshRegistered().catch((error: unknown) => opts.logger.warn('schedule refresh failed', { error: (error as Error).message }));

  const handlers: ScheduleHandlers = {
    'schedule.list': async () => store.list(),
    'schedule.create': async (input: CommandArgs<'schedule.create'>) => {
      const { when, ...rest } = input;
      const timeZone = rest.timeZone ?? localTimeZone();
      const { schedule, warning } = await service.add({ ...rest, timeZone, rule: ruleFromWhen(when, timeZone) });
      scheduler?.poke();
      return { schedule, warning };
    },
    'schedule.remove': async ({ id }: CommandArgs<'schedule.remove'>) => ({ removed: await service.remove(id) }),
    'schedule.setPaused': async ({ id, paused }: CommandArgs<'schedule.setPaused'>) => {
      store.setPaused(id, paused);
      await service.sync(id, !paused);
      scheduler?.poke();
      return store.require(id);
    },
    'schedule.runNow': async ({ id }: CommandArgs<'schedule.runNow'>) => {
      const schedule = store.require(id);
      if (!scheduler) return { started: false };
      scheduler.runNow(id, schedule.name);
      return { started: true };
    },
    'schedule.runs': async ({ id, limit }: CommandArgs<'schedule.runs'>) => store.runs(id, limit),
    'schedule.approvals': async () => new ApprovalRows(store.connection).pending(),
    'schedule.answer': async ({ approvalId, approved }: CommandArgs<'schedule.answer'>) => ({ accepted: new ApprovalRows(store.connection).answer(approvalId, approved) }),
  } as ScheduleHandlers;

  return {
    handlers,
    dispose() {
      scheduler?.stop();
      store.close();
    },
  };
}
