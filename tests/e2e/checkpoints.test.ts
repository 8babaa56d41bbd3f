/// <reference lib="dom" />
// A turn's changes in the real page: "N files changed", the diff view, Undo this turn and Redo,
// and the workspace panel marking what the last turn changed.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('checkpoints in the page', () => {
  it('shows the files a turn changed as a diff, undoes the turn and redoes it', { timeout: 180_000 }, async () => {
    const e = await open(["I'll write them.\n```bash\nprintf 'hello\\nworld\\n' > notes.txt && mkdir data && echo 1 > data/one.txt\n```"]);
    const { page } = e;
    await sendAndFinish(page, 'write notes and data', 'coder');
    const badge = page.getByTestId('turn-changes');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('2 files changed');
    const files = () => page.getByTestId('workspace-file').allTextContents();
    await expect.poll(async () => (await files()).join(' ')).toContain('notes.txt');
    expect(await page.locator('[data-testid="workspace-file"][data-change="created"]').count()).toBe(3);

    await badge.click();
    const view = page.getByTestId('diff-view');
    await expect.poll(() => view.getByTestId('diff-file').allTextContents()).toEqual(['Adata/', 'Adata/one.txt', 'Anotes.txt']);
    await view.getByTestId('diff-file').filter({ hasText: 'notes.txt' }).click();
    await expect.poll(() => view.getByTestId('diff-text').textContent()).toContain('+hello');
    expect(await view.locator('.diff-line.add').allTextContents()).toEqual(['+hello', '+world']);
    await screenshot(page, 'checkpoint-diff');

    await view.getByTestId('undo-turn').click();
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('undone');
    await expect.poll(async () => (await files()).join(' ')).not.toContain('notes.txt');
    await screenshot(page, 'checkpoint-undone');

    await view.getByTestId('redo-turn').click();
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('applied');
    await expect.poll(async () => (await files()).join(' ')).toContain('data/one.txt');
  });
});
