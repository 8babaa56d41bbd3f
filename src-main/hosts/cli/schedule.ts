// `agentic schedule …`: schedules live in the desktop app's data folder (its sessions database), so
// a schedule made here or in the app is the same one, and its runs are waiting in the app.
import { join } from 'node:path';
import { appPaths, desktopDataDir } from '../../app/paths.js';
import type { NewSchedule, Schedule, ScheduleRule } from '../../common/schedules.js';
import { describeRule, atRule, cronRule, dailyRule, everyRule, weeklyRule } from '../../core/schedule/when.js';
import { createLogger } from '../../node/logger.js';
import { ApprovalRows } from '../../node/schedule/approvals.js';
import { cliCommand } from '../../node/schedule/os/jobSpec.js';
import { osScheduler } from '../../node/schedule/os/register.js';
import { localTimeZone, ScheduleStore } from '../../node/schedule/scheduleStore.js';
import { ScheduleService } from '../../node/schedule/service.js';
import { fromCaller } from './callerPaths.js';
import type { ScheduleArgs, When } from './scheduleArgs.js';
import { UsageError } from './usageError.js';

export interface ScheduleContext {
  dataDir: string;
  store: ScheduleStore;
  service: ScheduleService;
}

export function openSchedules(dataDirArg: string | undefined): ScheduleContext {
  const dataDir = dataDirArg ? fromCaller(dataDirArg) : desktopDataDir();
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  const service = new ScheduleService({
    store,
    os: () => osScheduler(dataDir),
    cli: cliCommand(appPaths({ host: 'cli' }).appRoot),
    dataDirArg: dataDirArg ? dataDir : undefined,
    logger: createLogger({ level: 'error' }),
  });
  return { dataDir, store, service };
}

function ruleOf(when: When, timeZone: string, now: number): ScheduleRule {
  if ('every' in when) return everyRule(when.every, now);
  if ('daily' in when) return dailyRule(when.daily);
  if ('weekly' in when) return weeklyRule(when.weekly);
  if ('at' in when) return atRule(when.at, timeZone, now);
  return cronRule(when.cron, timeZone, now);
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));

function line(s: Schedule): string {
  const state = s.paused ? `paused${s.pausedReason ? ` (${s.pausedReason})` : ''}` : `next ${when(s.nextRunAt)}`;
  return `${s.id}  ${describeRule(s.rule)} (${s.timeZone})  ${s.approval}  ${state}  ${s.name}`;
}

async function add(ctx: ScheduleContext, args: Extract<ScheduleArgs, { action: 'add' }>): Promise<number> {
  const timeZone = args.timeZone ?? localTimeZone();
  const input: NewSchedule = {
    request: args.request,
    name: args.name,
    rule: ruleOf(args.when, timeZone, Date.now()),
    timeZone,
    agent: args.agent,
    workspace: args.workspace ? fromCaller(args.workspace) : null,
    model: args.model ?? null,
    approval: args.approval,
    allowRules: args.allow,
    catchUp: args.catchUp,
  };
  const { schedule, osJob, warning } = await ctx.service.add(input, args.register);
  if (args.json) process.stdout.write(JSON.stringify({ ...schedule, osJob, warning }) + '\n');
  else {
    process.stdout.write(`${line(schedule)}\n`);
    process.stderr.write(osJob ? `registered: ${osJob}\n` : `${warning ?? 'not registered with the system (--no-register)'}\n`);
  }
  return 0;
}

export async function scheduleCommand(args: ScheduleArgs): Promise<number> {
  if (args.action === 'run-now') return (await import('./scheduleRun.js')).scheduledRunCommand({ ...args, command: 'run-schedule', now: true });
  if (args.action === 'unregister-all') return (await import('./scheduleUnregister.js')).unregisterAllCommand(args);
  const ctx = openSchedules(args.dataDir);
  const print = (value: unknown, text: string) => process.stdout.write(args.json ? JSON.stringify(value) + '\n' : text);
  try {
    switch (args.action) {
      case 'add':
        return await add(ctx, args);
      case 'list': {
        const all = ctx.store.list();
        print(all, all.map((s) => line(s) + '\n').join('') || 'No schedules. Add one with: agentic schedule add "REQUEST" --daily 08:00\n');
        return 0;
      }
      case 'show': {
        const schedule = ctx.store.require(args.id);
        const runs = ctx.store.runs(args.id);
        const took = (r: (typeof runs)[number]) => (r.startedAt && r.endedAt ? `${Math.round((r.endedAt - r.startedAt) / 1000)}s` : '-');
        const text = runs
          .map((r) => `${when(r.dueAt)}  ${r.status}  ${r.runner}  ${took(r)}  session ${r.sessionId ?? '-'}  files ${r.changedFiles ?? '-'}  ${r.error ?? r.notes.join(' · ')}\n`)
          .join('');
        print({ schedule, runs }, `${line(schedule)}\n${text}`);
        return 0;
      }
      case 'rm':
        if (!(await ctx.service.remove(args.id))) throw new UsageError(`No schedule ${args.id}. List them with: agentic schedule list`);
        print({ removed: args.id }, `removed ${args.id}\n`);
        return 0;
      case 'pause':
      case 'resume': {
        const schedule = ctx.store.setPaused(args.id, args.action === 'pause');
        const reg = await ctx.service.sync(args.id, args.action === 'resume');
        print({ ...schedule, ...reg }, `${line(schedule)}\n`);
        return 0;
      }
      case 'answer': {
        const accepted = new ApprovalRows(ctx.store.connection).answer(args.id, args.approved);
        if (!accepted) throw new UsageError(`No open question ${args.id} (already answered, or its run ended).`);
        print({ accepted }, 'answered\n');
        return 0;
      }
    }
  } finally {
    ctx.store.close();
  }
}
