/// <reference lib="dom" />
// A schedule asked for in chat (issue 31): the turn runs nothing now, shows the proposal under it,
// nothing is saved until Save, and the saved schedule is in the Schedules panel.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';
import { runCli } from '../helpers/processes.js';

// The web host must not register real timers or crontab lines here.
process.env.AGENTIC_SCHEDULE_REGISTER = '0';
const open = closedAfterEach(openApp);

describe('schedule from chat', () => {
  it('proposes a schedule for "every day at 08:00 …", saves it on Save and lists it', { timeout: 180_000 }, async () => {
    // One reply for the ordinary turn at the end; the scheduling turn must not use any.
    const e = await open(['Here is the summary of notes.md: nothing new.']);
    const { page, home } = e;
    await sendAndFinish(page, 'every day at 08:00 summarise notes.md');
    const proposal = page.getByTestId('schedule-proposal');
    await expect.poll(() => proposal.count(), { timeout: 30_000 }).toBe(1);
    expect(await proposal.textContent()).toContain('every day at 08:00 — “summarise notes.md”');
    expect(await page.getByTestId('answer').last().textContent()).toMatch(/did not run it now/);
    const before = await runCli(['schedule', 'list', '--json', '--data-dir', home], { home });
    expect(JSON.parse(before.stdout)).toEqual([]);
    await screenshot(page, 'schedule-from-chat');

    await proposal.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => proposal.textContent(), { timeout: 30_000 }).toMatch(/^Saved schedule: every day at 08:00/);
    await page.getByTestId('open-schedules').click();
    const item = page.getByTestId('schedule-item');
    await expect.poll(() => item.count(), { timeout: 30_000 }).toBe(1);
    expect(await item.textContent()).toContain('summarise notes.md');
    expect(await item.textContent()).toMatch(/Next: .*· ask/);
    const after = await runCli(['schedule', 'list', '--json', '--data-dir', home], { home });
    const [saved] = JSON.parse(after.stdout) as { request: string; rule: unknown }[];
    expect(saved).toMatchObject({ request: 'summarise notes.md', rule: { kind: 'daily', time: '08:00' } });

    await page.getByRole('button', { name: 'Close schedules' }).click();
    // A request that only mentions time is an ordinary turn: the agent answers, nothing is proposed.
    await sendAndFinish(page, 'every time I summarise notes.md it is empty, summarise it now');
    expect(await page.getByTestId('answer').last().textContent()).toContain('Here is the summary');
    expect(await proposal.count()).toBe(1);
  });
});
