// `agentic run --schedule ID`: what the OS job starts (and `schedule run-now`). It claims the due
// occurrence in the database, so when the open app or another job already took it this one steps
// aside; it runs the request as a turn of a new session in the desktop app's data, under the
// schedule's approval policy, then moves the OS job on to the next times.
import { existsSync } from 'node:fs';
import { createApp } from '../../app/index.js';
import { appPaths } from '../../app/paths.js';
import { createLogger } from '../../node/logger.js';
import { systemNotifier } from '../../node/schedule/notify.js';
import { executeClaim, scheduleApprover, type Notice } from '../../node/schedule/runClaim.js';
import type { Claim } from '../../node/schedule/scheduleStore.js';
import { fromCaller } from './callerPaths.js';
import { jsonPrinter } from './printer.js';
import { cliOverrides } from './run.js';
import type { ScheduledRunArgs } from './scheduleArgs.js';
import { openSchedules, type ScheduleContext } from './schedule.js';
import { UsageError } from './usageError.js';

type Args = ScheduledRunArgs & { now?: boolean };

async function runClaimed(ctx: ScheduleContext, claim: Claim, args: Args, replay: string | undefined): Promise<number> {
  const logger = createLogger({ level: 'error' });
  const desktop = systemNotifier(logger);
  const notify = (n: Notice) => {
    desktop(n);
    const answer = n.approvalId ? ` (answer in the app, or: agentic schedule answer ${n.approvalId} yes|no)` : '';
    process.stderr.write(`${n.title}: ${n.body}${answer}\n`);
  };
  const notes: string[] = [];
  const s = claim.schedule;
  let app;
  try {
    app = await createApp({
      host: 'cli',
      paths: { ...appPaths({ host: 'cli' }), dataDir: ctx.dataDir },
      settings: cliOverrides({ workspace: s.workspace ?? undefined, provider: args.provider, model: args.model ?? s.model ?? undefined, baseUrl: args.baseUrl }),
      replayFile: replay,
      askUser: scheduleApprover(ctx.store, claim, notes, notify),
      logger,
    });
  } catch (error) {
    ctx.store.finishRun(claim.runId, { status: 'failed', error: `Could not start: ${(error as Error).message}` });
    throw error;
  }
  const unsubscribe = args.json ? app.subscribe(jsonPrinter(process.stdout)) : () => {};
  try {
    const run = await executeClaim({ handlers: app.handlers, subscribe: app.subscribe, cancel: (id) => app.engine.cancel(id) }, ctx.store, claim, notes, notify);
    if (args.json) process.stdout.write(JSON.stringify({ type: 'schedule.run', ...run }) + '\n');
    else process.stderr.write(`run ${run.status}: session ${run.sessionId ?? '-'}${run.error ? ` (${run.error})` : ''}\n${notes.map((n) => `  ${n}\n`).join('')}`);
    return run.status === 'done' ? 0 : 1;
  } finally {
    unsubscribe();
    await app.dispose();
  }
}

export async function scheduledRunCommand(args: Args): Promise<number> {
  const replay = args.replay ? fromCaller(args.replay) : undefined;
  if (replay && !existsSync(replay)) throw new UsageError(`Replay file not found: ${replay}`);
  const ctx = openSchedules(args.dataDir);
  try {
    ctx.store.require(args.id);
    const claim = args.now ? ctx.store.claimNow(args.id, 'run-now') : ctx.store.claimDue(args.id, process.env.AGENTIC_SCHEDULE_RUNNER || 'os-job');
    if (!claim) {
      // Not due, or the app (or another job) took it: step aside, but keep the OS job's times current.
      await ctx.service.sync(args.id, false);
      const next = ctx.store.get(args.id)?.nextRunAt ?? null;
      const value = { type: 'schedule.skipped', id: args.id, nextRunAt: next };
      process.stdout.write(
        args.json ? JSON.stringify(value) + '\n' : `nothing due for ${args.id} (already run, or not yet); next ${next === null ? '-' : new Date(next).toISOString()}\n`,
      );
      return 0;
    }
    try {
      return await runClaimed(ctx, claim, args, replay);
    } finally {
      await ctx.service.sync(args.id, false);
    }
  } finally {
    ctx.store.close();
  }
}
