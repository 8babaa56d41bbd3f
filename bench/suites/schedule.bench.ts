// Schedules (issue 31): what the open app's scheduler costs while idle with 100 schedules (CPU and
// memory, beside the same process without it), and start-to-first-token of a scheduled headless
// run (`agentic run --schedule ID`, as the OS job starts it) beside a plain `agentic run`, with Replay.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../../src-main/node/logger.js';
import { AppScheduler } from '../../src-main/node/schedule/appScheduler.js';
import { cliCommand } from '../../src-main/node/schedule/os/jobSpec.js';
import { ScheduleStore } from '../../src-main/node/schedule/scheduleStore.js';
import type { ScheduleRule } from '../../src-main/common/schedules.js';
import { median, type BenchRow } from '../types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SUITE = 'schedule';
const RULES: ScheduleRule[] = [
  { kind: 'daily', time: '08:00' },
  { kind: 'weekly', time: '17:30', weekdays: [1, 5] },
  { kind: 'cron', expr: '*/15 9-17 * * 1-5' },
  { kind: 'every', everyMs: 3_600_000, anchor: Date.now() + 3_600_000 },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU ms per second of wall time over `ms`, in this process. */
async function cpuPerSecond(ms: number): Promise<number> {
  const start = process.cpuUsage();
  const t = performance.now();
  await sleep(ms);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / ((performance.now() - t) / 1000);
}

async function idleCost(dir: string): Promise<BenchRow[]> {
  const store = ScheduleStore.open(join(dir, 'idle.db'));
  for (let i = 0; i < 100; i++) store.create({ request: `task ${i}`, rule: RULES[i % RULES.length]!, timeZone: 'Europe/Berlin' });
  const baseCpu = await cpuPerSecond(5000);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // The worst case: a look at the database every second (the app's is at most once a minute).
  const scheduler = new AppScheduler({ store, cli: cliCommand(ROOT), dataDir: dir, logger: silentLogger, onRunEnded: () => {}, notify: () => {}, maxSleepMs: 1000 });
  scheduler.start();
  const cpu = await cpuPerSecond(5000);
  const ticks: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    scheduler.poke();
    ticks.push(performance.now() - t);
  }
  global.gc?.();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  scheduler.stop();
  store.close();
  return [
    {
      suite: SUITE,
      metric: 'idle CPU, 100 schedules, a look every second',
      value: cpu,
      unit: 'ms/s',
      baseline: { label: 'same process, no scheduler', value: baseCpu },
      note: 'the app looks at most once a minute',
    },
    { suite: SUITE, metric: 'one look at 100 schedules (median)', value: median(ticks), unit: 'ms', note: 'reads the table, finds what is due, sets one timer' },
    { suite: SUITE, metric: 'heap held by the scheduler', value: heap / 1024, unit: 'KiB', note: global.gc ? 'after gc' : 'no --expose-gc: includes garbage' },
  ];
}

/** ms from spawn to the first streamed token of a CLI run. */
function firstToken(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'agentic.js'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let done = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!done && out.includes('"type":"answer.delta"')) {
        done = true;
        resolve(performance.now() - t);
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', () => !done && reject(new Error(`no token: ${err.slice(-300)}`)));
  });
}

async function startToFirstToken(dir: string): Promise<BenchRow[]> {
  const replay = join(dir, 'reply.json');
  writeFileSync(replay, JSON.stringify({ responses: ['Good morning. Today.md has been summarised: three new items.'] }));
  const dataDir = join(dir, 'data');
  const env = { ...process.env, AGENTIC_HOME: join(dir, 'home'), AGENTIC_LOG: 'error' };
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  const s = store.create({ request: 'Summarise the news into today.md', rule: RULES[0]!, agent: 'casual', timeZone: 'UTC' });
  const scheduled: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < 5; i++) {
    plain.push(await firstToken(['run', 'Summarise the news into today.md', '--agent', 'casual', '--replay', replay, '--json'], env));
    store.connection.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(Date.now() - 1000, s.id);
    scheduled.push(await firstToken(['run', '--schedule', s.id, '--data-dir', dataDir, '--replay', replay, '--json'], env));
    await sleep(300); // let the run finish writing before the next claim
  }
  store.close();
  const value = median(scheduled);
  const base = median(plain);
  return [
    {
      suite: SUITE,
      metric: 'start to first token, scheduled run (Replay)',
      value,
      unit: 'ms',
      baseline: { label: 'agentic run, same request', value: base },
      ratio: value / base,
      note: 'median of 5; claim, schedule store and run bookkeeping included',
    },
  ];
}

export default async function scheduleBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-bench-sched-'));
  try {
    return [...(await idleCost(dir)), ...(await startToFirstToken(dir))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
