// A scheduled run's time and token budgets, through the CLI entry the OS job starts, with Replay:
// a run over either is stopped (the turn cancelled, the work not finished) and its history says
// why. Tokens are estimated from the streamed characters (runClaim.ts: characters / 4), as no
// provider here reports usage.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewSchedule } from '../../../src-main/common/schedules.js';
import { ApprovalRows } from '../../../src-main/node/schedule/approvals.js';
import { ScheduleStore } from '../../../src-main/node/schedule/scheduleStore.js';
import { runCli, type CliResult } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-budgets-'));
const dataDir = join(home, 'data');
afterAll(() => rmSync(home, { recursive: true, force: true }));

function replay(name: string, responses: string[]): string {
  const file = join(home, name);
  writeFileSync(file, JSON.stringify({ responses }));
  return file;
}

function workspace(name: string): string {
  const ws = join(home, name);
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'old-report.txt'), 'stale\n');
  return ws;
}

/** A schedule whose next run was a minute ago, with the given budgets. */
function dueSchedule(input: Partial<NewSchedule> & { request: string }): string {
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  const s = store.create({ rule: { kind: 'daily', time: '08:00' }, timeZone: 'UTC', agent: 'coder', ...input });
  store.connection.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(Date.now() - 60_000, s.id);
  store.close();
  return s.id;
}

const run = (id: string, file: string) => runCli(['run', '--schedule', id, '--data-dir', dataDir, '--replay', file, '--json'], { home, timeoutMs: 120_000 });
const runLine = (r: CliResult) => r.lines.find((l) => l.type === 'schedule.run') as { status: string; error: string | null; tokens: number; changedFiles: number } | undefined;
const history = (id: string) => {
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  const runs = store.runs(id);
  const pending = new ApprovalRows(store.connection).pending();
  store.close();
  return { runs, pending };
};

describe('budgets of a scheduled run', () => {
  it('over its time budget: a long step is stopped, and the run is recorded as failed for that reason', { timeout: 150_000 }, async () => {
    const ws = workspace('ws-time');
    const id = dueSchedule({ request: 'Rebuild the report index', workspace: ws, timeBudgetSec: 2, approval: 'allow-listed' });
    // A step that would take far longer than the budget, then leave a mark if it ever finished.
    const file = replay('slow.json', ["I'll rebuild the index. This takes a while.\n\n```bash\nsleep 60 && echo rebuilt > index-done.txt\n```", 'The index has been rebuilt.']);
    const r = await run(id, file);
    expect(r.code).toBe(1);
    expect(runLine(r)).toMatchObject({ status: 'failed', error: 'Over the time budget (2 s).' });
    expect(r.lines.some((l) => l.type === 'turn.cancelled')).toBe(true);
    expect(r.lines.some((l) => l.type === 'turn.done')).toBe(false);
    expect(existsSync(join(ws, 'index-done.txt'))).toBe(false);
    expect(history(id).runs).toMatchObject([{ status: 'failed', error: 'Over the time budget (2 s).' }]);
  });

  it('over its time budget while waiting for an approval nobody gives: stopped, the step not done, the question withdrawn', { timeout: 150_000 }, async () => {
    const ws = workspace('ws-ask');
    const id = dueSchedule({ request: 'Delete old-report.txt', workspace: ws, timeBudgetSec: 2, approval: 'ask' });
    const file = replay('ask.json', ["I'll delete the old report.\n\n```bash\nrm old-report.txt\n```", 'Deleted old-report.txt.']);
    const r = await run(id, file);
    expect(r.code).toBe(1);
    expect(runLine(r)).toMatchObject({ status: 'failed', error: 'Over the time budget (2 s).' });
    expect(existsSync(join(ws, 'old-report.txt'))).toBe(true);
    const { runs, pending } = history(id);
    expect(runs).toMatchObject([{ status: 'failed', error: 'Over the time budget (2 s).' }]);
    expect(pending).toEqual([]);
  });

  it('over its token budget: the reply is cut off mid-stream, and the run is recorded as failed for that reason', { timeout: 150_000 }, async () => {
    const ws = workspace('ws-tokens');
    const id = dueSchedule({ request: 'Summarise the news into today.md', workspace: ws, tokenBudget: 100 });
    // A long, wandering summary as a small local model writes one: about 1,500 tokens by the estimate.
    const paragraph =
      'Here is a summary of the main stories from the three sites you follow. The first site leads with the central bank keeping rates unchanged, ' +
      'with analysts expecting a cut later in the year; the second reports on the storm that closed several coastal roads overnight; ';
    const long = Array.from({ length: 24 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n\n');
    const r = await run(id, replay('long.json', [long]));
    expect(r.code).toBe(1);
    const line = runLine(r)!;
    expect(line).toMatchObject({ status: 'failed', error: 'Over the token budget (100).' });
    // Stopped soon after the budget, well before the end of the reply.
    expect(line.tokens).toBeGreaterThan(100);
    expect(line.tokens).toBeLessThan(Math.ceil(long.length / 4) / 2);
    expect(r.lines.some((l) => l.type === 'turn.cancelled')).toBe(true);
    expect(history(id).runs).toMatchObject([{ status: 'failed', error: 'Over the token budget (100).', tokens: line.tokens }]);
  });
});
