/// <reference lib="dom" />
// The chat as users of chat apps expect it: GitHub-flavoured Markdown, copy buttons on code,
// timestamps, regenerate and edit-and-resend, a block waiting for approval that says so, a decline
// that shows no text written for the model, and a 1 MB request through the page.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings, screenshot, send } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

const table = [
  'Here is the comparison:',
  '',
  '| Language | Typing |',
  '| --- | --- |',
  '| Python | dynamic |',
  '| Go | static |',
  '',
  '- [x] compiled the list',
  '- [ ] checked it twice',
  '',
  '~~old claim~~ and https://example.org/doc',
  '',
  '```python',
  'print("copied")',
  '```',
].join('\n');

describe('a finished chat', () => {
  it('renders GFM tables, task lists, strikethrough and autolinks; regenerates and resends an edit', { timeout: 180_000 }, async () => {
    const e = await open([table, 'A second, regenerated answer.', 'The answer to the edited request.']);
    const { page } = e;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await send(page, 'compare two languages', 'casual');
    const first = page.getByTestId('answer').last();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    // The Markdown code may still be loading when the turn ends (raw text shows meanwhile).
    const cells = first.locator('table tr td');
    await expect.poll(() => cells.allTextContents()).toEqual(['Python', 'dynamic', 'Go', 'static']);
    expect(await first.locator('th').allTextContents()).toEqual(['Language', 'Typing']);
    expect(await first.locator('input[type="checkbox"]').count()).toBe(2);
    expect(await first.locator('input[type="checkbox"]').first().isChecked()).toBe(true);
    expect(await first.locator('del').textContent()).toBe('old claim');
    expect(await first.locator('a[href="https://example.org/doc"]').count()).toBe(1);
    expect(await first.textContent()).not.toContain('| --- |');
    expect(await page.getByTestId('request-time').first().textContent()).toMatch(/\d{1,2}[:.]\d{2}/);

    await first.getByTestId('copy-code').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('print("copied")');
    await screenshot(page, 'chat-gfm-table');

    await page.getByTestId('regenerate').click();
    await expect.poll(() => page.getByTestId('answer').count()).toBe(2);
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await page.getByTestId('request').last().textContent()).toBe('compare two languages');
    expect(await page.getByTestId('answer').last().textContent()).toContain('A second, regenerated answer.');

    await page.getByTestId('edit').last().click();
    await page.getByTestId('edit-input').fill('compare three languages');
    await page.getByTestId('edit-send').click();
    await expect.poll(() => page.getByTestId('answer').count()).toBe(3);
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await page.getByTestId('request').last().textContent()).toBe('compare three languages');
    expect(await page.getByTestId('answer').last().textContent()).toContain('The answer to the edited request.');
    await screenshot(page, 'chat-regenerate-edit');
  });

  it('says a block waits for approval, and a decline shows no text written for the model', { timeout: 180_000 }, async () => {
    const e = await open(['```bash\nrm -rf build\n```', 'OK, I left it alone.']);
    const { page } = e;
    await send(page, 'clean the build', 'coder');
    await page.getByTestId('approval').waitFor({ timeout: 60_000 });
    const terminal = page.getByTestId('terminal').first();
    await expect.poll(() => terminal.getByTestId('terminal-status').textContent()).toBe('waiting for your approval');
    expect(await page.getByTestId('turn-status').last().textContent()).toBe('waiting for your approval');
    await page.getByTestId('decline').click();
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await terminal.getByTestId('terminal-note').textContent()).toBe('Not run: you declined it.');
    const chat = (await page.getByTestId('chat').textContent()) ?? '';
    expect(chat).not.toMatch(/Do not retry|propose a safer way/);
    expect(chat).toContain('OK, I left it alone.');
  });

  it('takes a 1 MB request through the page', { timeout: 180_000 }, async () => {
    const e = await open({ responses: ['Read all of it.'], contextSize: 2_000_000 });
    const { page } = e;
    const big = `count the lines\n${'0123456789abcdef '.repeat(61_681)}`; // ~1 MiB
    expect(big.length).toBeGreaterThan(1_048_000);
    await page.getByTestId('agent-picker').selectOption('casual');
    await page.getByTestId('chat-input').fill(big);
    await page.getByTestId('send').click();
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    expect(await page.getByTestId('answer').last().textContent()).toContain('Read all of it.');
    expect(await page.getByTestId('notice').count()).toBe(0);
  });

  it('shows what actually runs in Settings, and a failed turn in words with a next step', { timeout: 180_000 }, async () => {
    const e = await open([]);
    const { page, home } = e;
    await send(page, 'hello', 'casual');
    const error = page.getByTestId('turn-error');
    await error.waitFor({ timeout: 60_000 });
    const text = (await error.textContent()) ?? '';
    expect(text).not.toMatch(/REPLAY_EXHAUSTED|turn\.send/);
    expect(text).toMatch(/longer replay file/);
    await openSettings(page);
    expect(await page.getByTestId('provider-override').textContent()).toMatch(/Running now: Replay file/);
    expect(await page.getByTestId('provider-context').textContent()).toMatch(/In use: Replay file/);
    // The field shows the folder in use: its value when settings name it, else as its placeholder.
    const field = page.getByTestId('settings-workspace');
    expect((await field.inputValue()) || (await field.getAttribute('placeholder'))).toBe(`${home}/ws`);
    await screenshot(page, 'settings-what-runs');
  });
});
