// The schedules in a real SQLite file: two runners racing for one occurrence run it once (two real
// processes, as the open app and the OS job would be), missed runs are recorded, failures pause.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScheduleStore } from '../../../src-main/node/schedule/scheduleStore.js';
import { runCli, type CliResult } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-sched-store-'));
const dataDir = join(home, 'data');
const dbPath = join(dataDir, 'sessions.db');
afterAll(() => rmSync(home, { recursive: true, force: true }));
const HOUR = 3_600_000;

describe('claims, missed runs and pausing', () => {
  it('two runners started together for the same due run: one runs it, the other steps aside', { timeout: 120_000 }, async () => {
    const replay = join(home, 'hello.json');
    writeFileSync(replay, JSON.stringify({ responses: ['Good morning! Nothing needed doing today.'] }));
    const add = await runCli(['schedule', 'add', 'Say good morning', '--daily', '08:00', '--agent', 'casual', '--no-register', '--data-dir', dataDir, '--json'], { home });
    const { id } = JSON.parse(add.stdout) as { id: string };
    const store = ScheduleStore.open(dbPath);
    store.connection.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(Date.now() - 1000, id);
    const args = ['run', '--schedule', id, '--data-dir', dataDir, '--replay', replay, '--json'];
    const [a, b] = await Promise.all([runCli(args, { home, env: { AGENTIC_SCHEDULE_RUNNER: 'app' } }), runCli(args, { home })]);
    const kinds = (r: CliResult) => r.lines.filter((l) => l.type === 'schedule.run' || l.type === 'schedule.skipped').map((l) => l.type);
    expect([...kinds(a), ...kinds(b)].sort()).toEqual(['schedule.run', 'schedule.skipped']);
    expect([a.code, b.code]).toEqual([0, 0]);
    const runs = store.runs(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', changedFiles: 0 });
    expect(store.get(id)!.nextRunAt).toBeGreaterThan(Date.now());
    store.close();
  });

  it('records the runs missed while off, and catches up once when the schedule says so', () => {
    const store = ScheduleStore.open(dbPath);
    const t0 = Date.parse('2026-12-01T10:00:00Z');
    const strict = store.create({ request: 'hourly report', rule: { kind: 'every', everyMs: HOUR, anchor: t0 }, timeZone: 'UTC', catchUp: false }, t0 - 1);
    const lenient = store.create({ request: 'hourly report', rule: { kind: 'every', everyMs: HOUR, anchor: t0 }, timeZone: 'UTC', catchUp: true }, t0 - 1);
    const wake = t0 + 3 * HOUR + 20 * 60_000; // off from before 10:00 to 13:20
    expect(store.claimDue(strict.id, 'app', wake)).toBeNull();
    expect(store.runs(strict.id).map((r) => [r.status, new Date(r.dueAt).toISOString()])).toEqual([
      ['missed', '2026-12-01T13:00:00.000Z'],
      ['missed', '2026-12-01T12:00:00.000Z'],
      ['missed', '2026-12-01T11:00:00.000Z'],
      ['missed', '2026-12-01T10:00:00.000Z'],
    ]);
    expect(store.get(strict.id)!.nextRunAt).toBe(t0 + 4 * HOUR);
    const claim = store.claimDue(lenient.id, 'app', wake)!;
    expect(new Date(claim.dueAt).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(store.runs(lenient.id).map((r) => r.status)).toEqual(['running', 'missed', 'missed', 'missed']);
    // The same occurrence cannot be claimed again, by this runner or another.
    expect(store.claimDue(lenient.id, 'os-job', wake)).toBeNull();
    store.close();
  });

  it('pauses after the set number of failed runs in a row, says why, and the OS job would step aside', () => {
    const store = ScheduleStore.open(dbPath);
    const s = store.create({ request: 'check the build page', rule: { kind: 'daily', time: '07:00' }, timeZone: 'UTC', maxFailures: 2 });
    const first = store.claimNow(s.id, 'run-now', 1);
    store.finishRun(first.runId, { status: 'failed', error: 'PROVIDER_UNREACHABLE: cannot reach http://127.0.0.1:11434' });
    expect(store.get(s.id)).toMatchObject({ paused: false, consecutiveFailures: 1 });
    const second = store.claimNow(s.id, 'run-now', 2);
    store.finishRun(second.runId, { status: 'failed', error: 'PROVIDER_UNREACHABLE: cannot reach http://127.0.0.1:11434' });
    const paused = store.get(s.id)!;
    expect(paused.paused).toBe(true);
    expect(paused.pausedReason).toMatch(/^Paused after 2 failed runs in a row; the last: PROVIDER_UNREACHABLE/);
    expect(store.claimDue(s.id, 'os-job', paused.nextRunAt! + 1000)).toBeNull();
    expect(store.setPaused(s.id, false)).toMatchObject({ paused: false, pausedReason: null, consecutiveFailures: 0 });
    store.close();
  });

  it('fails a run whose process died, when the store is next opened', async () => {
    const store = ScheduleStore.open(dbPath);
    const s = store.create({ request: 'x', rule: { kind: 'daily', time: '07:00' }, timeZone: 'UTC' });
    const claim = store.claimNow(s.id, 'os-job');
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    store.connection.prepare('UPDATE schedule_runs SET owner_pid = ? WHERE id = ?').run(deadPid, claim.runId);
    store.close();
    const reopened = ScheduleStore.open(dbPath);
    expect(reopened.run(claim.runId)).toMatchObject({ status: 'failed', error: 'The process running it stopped before the run ended.' });
    reopened.close();
  });

  it('answers bad input with a clear error', () => {
    const store = ScheduleStore.open(dbPath);
    expect(() => store.create({ request: '', rule: { kind: 'daily', time: '08:00' } })).toThrow(/request/);
    expect(() => store.create({ request: 'x', rule: { kind: 'daily', time: '25:00' } })).toThrow(/HH:MM/);
    expect(() => store.create({ request: 'x', rule: { kind: 'daily', time: '08:00' }, timeZone: 'Mars/Olympus' })).toThrow(/Unknown time zone/);
    expect(() => store.create({ request: 'x', rule: { kind: 'once', at: 1000 } })).toThrow(/never run/);
    expect(() => store.require('nope')).toThrow(/No schedule nope/);
    store.close();
  });
});
