// The OS job end to end on Linux: a schedule made with the CLI, its generated systemd user timer and
// service checked by systemd-analyze, and the service's ExecStart= started as systemd would start
// it, with Replay, under each approval policy. No systemd user session runs here, so the timer
// itself is not started by systemd: its command line is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../../src-main/common/schedules.js';
import { SqliteStore } from '../../../src-main/node/store/sqliteStore.js';
import { ApprovalRows } from '../../../src-main/node/schedule/approvals.js';
import { cliCommand, jobSpec } from '../../../src-main/node/schedule/os/jobSpec.js';
import { systemdService, systemdTimer, unitName } from '../../../src-main/node/schedule/os/systemd.js';
import { ScheduleStore } from '../../../src-main/node/schedule/scheduleStore.js';
import { collectRun, ROOT, runCli, type CliResult } from '../../helpers/processes.js';
import { execStartOf } from '../../helpers/systemdExec.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-sched-'));
// Spaces, % and $ in the data folder: the unit's quoting must carry them through.
const dataDir = join(home, 'data 100% $x');
const unitDir = join(home, 'units');
afterAll(() => rmSync(home, { recursive: true, force: true }));

const replayFile = (name: string, responses: string[]) => {
  const file = join(home, name);
  writeFileSync(file, JSON.stringify({ responses }));
  return file;
};
// What a small local model writes when asked to tidy up: a short plan, then the command.
const CLEANUP = replayFile('cleanup.json', [
  "I'll remove the old report from the workspace.\n\n```bash\nrm old-report.txt\n```",
  'The old report has been removed (or the step was not run; see the block result above).',
]);

async function addSchedule(name: string, ws: string, extra: string[]): Promise<Schedule> {
  const r = await runCli(
    [
      'schedule',
      'add',
      'Delete old-report.txt',
      '--every',
      '1h',
      '--agent',
      'coder',
      '--workspace',
      ws,
      '--name',
      name,
      '--no-register',
      '--data-dir',
      dataDir,
      '--json',
      ...extra,
    ],
    { home },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Schedule;
}

/** Time passes: the schedule's next run is a minute ago (as after a timer fires). */
function makeDue(id: string): void {
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  store.connection.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(Date.now() - 60_000, id);
  store.close();
}

function writeUnits(schedule: Schedule): string {
  const spec = jobSpec(schedule, cliCommand(ROOT), { dataDir, extraArgs: ['--provider', 'replay', '--replay', CLEANUP, '--json'] });
  mkdirSync(unitDir, { recursive: true });
  const base = join(unitDir, unitName(schedule.id));
  writeFileSync(`${base}.service`, systemdService(spec, unitDir));
  writeFileSync(`${base}.timer`, systemdTimer(spec));
  return base;
}

/** Starts the unit's ExecStart= with its Environment=, as systemd would; resolves when it exits. */
function startUnit(base: string, onStderr?: (text: string) => void): Promise<CliResult> {
  const unit = readFileSync(`${base}.service`, 'utf8');
  // ExecCondition= first (the app is still installed: it lets the service start), then ExecStart=.
  const condition = execStartOf(unit.replace(/^ExecStart=/m, 'X-Start=').replace(/^ExecCondition=/m, 'ExecStart='));
  expect(spawnSync(condition.argv[0]!, condition.argv.slice(1)).status).toBe(0);
  const { argv, env } = execStartOf(unit);
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: '/',
    env: { PATH: process.env.PATH!, HOME: home, AGENTIC_HOME: home, AGENTIC_LOG: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collectRun(child, 120_000, onStderr);
}

function workspaceWithReport(name: string): string {
  const ws = join(home, name);
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'old-report.txt'), 'stale\n');
  return ws;
}

const runLine = (r: CliResult) => r.lines.find((l) => l.type === 'schedule.run') as { status: string; sessionId: string; notes: string[]; changedFiles: number } | undefined;

const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('the OS job: agentic run --schedule ID as the systemd unit starts it', () => {
  it.skipIf(!hasSystemdAnalyze)('generates units systemd-analyze accepts, and it rejects a broken one', async () => {
    const schedule = await addSchedule('Verify units', workspaceWithReport('ws-verify'), []);
    const base = writeUnits(schedule);
    const ok = spawnSync('systemd-analyze', ['verify', '--man=no', `${base}.timer`, `${base}.service`], { encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    // systemd-analyze warns (and still exits 0) for a calendar it cannot read: no warning at all.
    expect(ok.stderr.trim()).toBe('');
    writeFileSync(`${base}-broken.timer`, systemdTimer(jobSpec(schedule, cliCommand(ROOT))).replace(/OnCalendar=.*/g, 'OnCalendar=every tuesday-ish'));
    const broken = spawnSync('systemd-analyze', ['verify', '--man=no', `${base}-broken.timer`], { encoding: 'utf8' });
    expect(broken.status).not.toBe(0);
    rmSync(`${base}-broken.timer`);
  });

  it('ask: the run waits, the question is where the app reads it, and the answer lets the step run', { timeout: 180_000 }, async () => {
    const ws = workspaceWithReport('ws-ask');
    const schedule = await addSchedule('Tidy (ask)', ws, ['--approval', 'ask']);
    makeDue(schedule.id);
    let asked: string | null = null;
    const run = startUnit(writeUnits(schedule), (stderr) => {
      asked ??= /agentic schedule answer (\S+) yes\|no/.exec(stderr)?.[1] ?? null;
    });
    // The app's view: the pending question in the database while the run waits on it.
    const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
    const rows = new ApprovalRows(store.connection);
    await expect.poll(() => rows.pending().length, { timeout: 60_000, interval: 200 }).toBe(1);
    expect(rows.pending()).toMatchObject([{ scheduleId: schedule.id, tool: 'bash', command: 'rm old-report.txt', reasons: ['rm: deletes files'] }]);
    expect(store.runs(schedule.id)[0]!.status).toBe('waiting-approval');
    const id = rows.pending()[0]!.id;
    store.close();
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(id);
    expect((await runCli(['schedule', 'answer', id, 'yes', '--data-dir', dataDir], { home })).code).toBe(0);
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(ws, 'old-report.txt'))).toBe(false);
    expect(runLine(r)).toMatchObject({ status: 'done', changedFiles: 1, notes: ['Approved by the user: bash (rm: deletes files)'] });
  });

  it('dry run: the risky step is described in the history, not done', { timeout: 120_000 }, async () => {
    const ws = workspaceWithReport('ws-dry');
    const schedule = await addSchedule('Tidy (dry run)', ws, ['--approval', 'dry-run']);
    makeDue(schedule.id);
    const r = await startUnit(writeUnits(schedule));
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(ws, 'old-report.txt'))).toBe(true);
    expect(r.lines.find((l) => l.type === 'block.finished')).toMatchObject({ status: 'declined' });
    expect(runLine(r)).toMatchObject({ status: 'done', notes: ['Dry run, not done: bash: rm old-report.txt (rm: deletes files)'] });
  });

  it('allow listed: a ticked rule runs unasked, an unticked one is not run', { timeout: 180_000 }, async () => {
    const wsYes = workspaceWithReport('ws-allow');
    const ticked = await addSchedule('Tidy (allowed)', wsYes, ['--approval', 'allow-listed', '--allow', 'deletes files']);
    makeDue(ticked.id);
    const yes = await startUnit(writeUnits(ticked));
    expect(yes.code, yes.stderr).toBe(0);
    expect(existsSync(join(wsYes, 'old-report.txt'))).toBe(false);
    expect(runLine(yes)!.notes).toEqual(["Allowed by the schedule's list: bash: rm old-report.txt (rm: deletes files)"]);

    const wsNo = workspaceWithReport('ws-not-allowed');
    const other = await addSchedule('Tidy (other rule)', wsNo, ['--approval', 'allow-listed', '--allow', 'kills processes']);
    makeDue(other.id);
    const no = await startUnit(writeUnits(other));
    expect(no.code, no.stderr).toBe(0);
    expect(existsSync(join(wsNo, 'old-report.txt'))).toBe(true);
    expect(runLine(no)!.notes[0]).toMatch(/^Not on the schedule's allow list \(rm: deletes files\), not done/);
  });

  it('each run is a session named after the schedule and its time, in the desktop data the app opens', () => {
    const sessions = SqliteStore.open(join(dataDir, 'sessions.db'));
    const titles = sessions.listSessions().map((s) => s.title);
    sessions.close();
    expect(titles.some((t) => /^Tidy \(ask\) · \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/.test(t))).toBe(true);
  });
});
