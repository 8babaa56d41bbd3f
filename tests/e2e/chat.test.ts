/// <reference lib="dom" />
// The whole pipe in a real browser: web host → WebSocket bridge → engine → Replay provider → events
// → reducer → React. Screenshots are saved for people to look at.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, send } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

const longAnswer = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

describe('web host end to end', () => {
  it('streams a casual answer batch by batch and shows the agent name', { timeout: 180_000 }, async () => {
    const e = await open([`Hello! ${longAnswer}`]);
    const { page } = e;
    // Count how many distinct partial texts the page shows while the answer streams.
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="answer-text"]');
        const text = el?.textContent ?? '';
        if (text && w.__seen.at(-1) !== text) w.__seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await send(page, 'hi there', 'casual');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    await expect.poll(() => answer.getByTestId('answer-text').textContent()).toContain('word59');
    expect(await answer.getByTestId('answer-agent').textContent()).toMatch(/casual/i);
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.length).toBeGreaterThan(2); // tokens arrived in several batches, not all at once
    expect(seen.at(-1)).toContain('word59');
    expect(seen[0]!.length).toBeLessThan(seen.at(-1)!.length);
    await screenshot(page, 'chat-casual');
  });

  it('runs a replayed coder reply and shows the Python output in the block terminal', { timeout: 180_000 }, async () => {
    const e = await open(['Computing:\n```python\nfor i in range(3):\n    print("line", i * 7)\n```']);
    const { page } = e;
    await send(page, 'print some lines', 'coder');
    const terminal = page.getByTestId('terminal').first();
    await expect.poll(() => terminal.getAttribute('data-status'), { timeout: 90_000 }).toBe('ok');
    await expect.poll(() => terminal.textContent()).toContain('line 14');
    expect(await page.getByTestId('answer').last().getByTestId('answer-agent').textContent()).toMatch(/coder/i);
    await screenshot(page, 'coder-terminal');
  });

  it('shows the plan as a checklist that updates as its steps run', { timeout: 180_000 }, async () => {
    const plan = '```json\n{"plan":[{"id":"1","agent":"casual","task":"Say hello","need":[]},{"id":"2","agent":"coder","task":"Print 6*7","need":["1"]}]}\n```';
    const e = await open([plan, 'Hello from step one.', 'NO_UPDATE', '```python\nprint(6*7)\n```']);
    const { page } = e;
    await send(page, 'say hello then compute', 'planner');
    const steps = page.getByTestId('plan-step');
    await expect.poll(() => steps.count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    expect(await steps.nth(0).getAttribute('data-status')).toBe('done');
    expect(await steps.nth(1).getAttribute('data-status')).toBe('done');
    await expect.poll(() => page.getByTestId('terminal').last().textContent()).toContain('42');
    await screenshot(page, 'planner-plan');
  });

  it('asks for approval of a risky block with the exact command, and a decline never runs it', { timeout: 180_000 }, async () => {
    const e = await open(['```bash\nrm -rf build\n```', 'OK, I left it alone.']);
    const { page } = e;
    await send(page, 'clean the build', 'coder');
    const dialog = page.getByTestId('approval');
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.textContent()).toContain('rm -rf build');
    await screenshot(page, 'approval');
    await page.getByTestId('decline').click();
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await page.getByTestId('terminal').first().getAttribute('data-status')).toBe('declined');
  });
});
