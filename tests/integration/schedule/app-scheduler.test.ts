// The open app runs due schedules itself; the OS job firing at the same moment steps aside.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { silentLogger } from '../../../src-main/node/logger.js';
import { AppScheduler } from '../../../src-main/node/schedule/appScheduler.js';
import { cliCommand } from '../../../src-main/node/schedule/os/jobSpec.js';
import type { Notice } from '../../../src-main/node/schedule/runClaim.js';
import { ScheduleStore } from '../../../src-main/node/schedule/scheduleStore.js';
import { ROOT, runCli } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-app-sched-'));
const dataDir = join(home, 'data');
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('the app starts a due run, notifies, and an OS job started with it runs nothing', { timeout: 120_000 }, async () => {
  const replay = join(home, 'news.json');
  writeFileSync(replay, JSON.stringify({ responses: ["Here's today's summary: nothing new on the three sites since yesterday."] }));
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  const s = store.create({ request: 'Summarise the news into today.md', rule: { kind: 'daily', time: '08:00' }, agent: 'casual', timeZone: 'UTC' });
  store.connection.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(Date.now() - 1000, s.id);

  const notices: Notice[] = [];
  const ended: string[] = [];
  const scheduler = new AppScheduler({
    store,
    cli: cliCommand(ROOT),
    dataDir,
    logger: silentLogger,
    onRunEnded: (id) => ended.push(id),
    notify: (n) => notices.push(n),
    extraArgs: ['--replay', replay],
    maxSleepMs: 1000,
  });
  scheduler.start();
  const osJob = await runCli(['run', '--schedule', s.id, '--data-dir', dataDir, '--replay', replay, '--json'], { home, env: { AGENTIC_HOME: home } });
  await expect.poll(() => ended, { timeout: 90_000, interval: 200 }).toEqual([s.id]);
  scheduler.stop();

  expect(osJob.code).toBe(0);
  const runs = store.runs(s.id);
  expect(runs).toHaveLength(1);
  expect(runs[0]!.status).toBe('done');
  // Whichever claimed first ran it; the other stepped aside.
  const osRan = osJob.lines.some((l) => l.type === 'schedule.run');
  expect(runs[0]!.runner).toBe(osRan ? 'os-job' : 'app');
  expect(osJob.lines.some((l) => l.type === 'schedule.skipped')).toBe(!osRan);
  if (osRan) expect(notices).toEqual([]);
  else expect(notices).toEqual([{ kind: 'done', title: `${s.name}: done`, body: '0 file(s) changed' }]);
  expect(store.get(s.id)!.nextRunAt).toBeGreaterThan(Date.now());
  store.close();
});
