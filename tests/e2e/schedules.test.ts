/// <reference lib="dom" />
// The Schedules panel: a schedule made in the window, a scheduled run (the headless command the OS
// job starts) that needs approval shows its question there, the answer lets it finish, and its
// history, pause and removal show.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot } from '../helpers/e2e.js';
import { runCli } from '../helpers/processes.js';

// The web host and the CLI it starts must not register real timers or crontab lines here.
process.env.AGENTIC_SCHEDULE_REGISTER = '0';
const open = closedAfterEach(openApp);

describe('schedules panel', () => {
  it('creates a schedule, answers its waiting run, shows the history, pauses and removes it', { timeout: 180_000 }, async () => {
    const e = await open([]);
    const { page, home } = e;
    await page.getByTestId('open-schedules').click();
    const panel = page.getByTestId('schedules');
    await panel.getByLabel('Request').fill('Every morning, delete old-report.txt from the workspace');
    await panel.getByLabel('When').selectOption('daily');
    await panel.getByLabel('Time').fill('08:00');
    await panel.getByRole('button', { name: 'Add schedule' }).click();
    const item = page.getByTestId('schedule-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toMatch(/Next: .*· ask/);
    await expect.poll(() => page.getByText(/Not registered with the system's scheduler \(registration is off/).count()).toBe(1);

    const list = await runCli(['schedule', 'list', '--json', '--data-dir', home], { home });
    const [schedule] = JSON.parse(list.stdout) as { id: string }[];
    const ws = join(home, 'workspace');
    mkdirSync(ws, { recursive: true });
    writeFileSync(join(ws, 'old-report.txt'), 'stale\n');
    const replay = join(home, 'cleanup.json');
    writeFileSync(replay, JSON.stringify({ responses: ["I'll delete the old report.\n\n```bash\nrm old-report.txt\n```", 'Deleted old-report.txt.'] }));
    const run = runCli(['schedule', 'run-now', schedule!.id, '--data-dir', home, '--replay', replay, '--json'], { home, timeoutMs: 120_000 });

    const question = page.getByTestId('schedule-approval');
    await expect.poll(() => question.count(), { timeout: 60_000 }).toBe(1);
    expect(await question.textContent()).toContain('rm: deletes files');
    await screenshot(page, 'schedules-approval');
    await question.getByRole('button', { name: 'Approve' }).click();
    const done = await run;
    expect(done.code, done.stderr).toBe(0);
    expect(existsSync(join(ws, 'old-report.txt'))).toBe(false);

    await item.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => page.getByTestId('schedule-runs').textContent(), { timeout: 15_000 }).toMatch(/done.*1 file\(s\).*Approved by the user/);
    await item.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => item.textContent()).toMatch(/Paused/);
    await item.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => item.count()).toBe(0);
  });

  it('Run now: the app starts the run itself, and it ends in the history with its own session', { timeout: 180_000 }, async () => {
    // The app's scheduled runs use its Replay script too (a process of their own, from its first reply).
    const e = await open([
      "Good morning! Today's list: review the two open pull requests, then answer yesterday's emails from the build team.",
      "That's everything on today's list.",
    ]);
    const { page, home } = e;
    await page.getByTestId('open-schedules').click();
    const panel = page.getByTestId('schedules');
    await panel.getByLabel('Request').fill("Every morning, tell me today's list");
    await panel.getByLabel('When').selectOption('daily');
    await panel.getByLabel('Time').fill('08:00');
    await panel.getByRole('button', { name: 'Add schedule' }).click();
    const item = page.getByTestId('schedule-item');
    await expect.poll(() => item.count()).toBe(1);

    await item.getByRole('button', { name: 'Run now' }).click();
    await item.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => page.getByTestId('schedule-runs').textContent(), { timeout: 90_000 }).toMatch(/done.*≈\d+ tokens/);
    await screenshot(page, 'schedules-run-now');
    const list = await runCli(['schedule', 'list', '--json', '--data-dir', home], { home });
    const [schedule] = JSON.parse(list.stdout) as { id: string; name: string; nextRunAt: number }[];
    const show = await runCli(['schedule', 'show', schedule!.id, '--json', '--data-dir', home], { home });
    const { runs } = JSON.parse(show.stdout) as { runs: { status: string; runner: string; sessionId: string | null }[] };
    expect(runs).toMatchObject([{ status: 'done', runner: 'run-now' }]);
    // An extra run: the schedule's next time is still tomorrow's (or today's) 08:00.
    expect(new Date(schedule!.nextRunAt).getHours()).toBe(8);
    // Its session is in the app's list, named after the schedule.
    await page.getByTestId('schedules').getByLabel('Close schedules').click();
    await expect.poll(() => page.getByText(new RegExp(`^${schedule!.name.slice(0, 20)}.* · `)).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
