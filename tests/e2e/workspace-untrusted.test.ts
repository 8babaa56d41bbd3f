/// <reference lib="dom" />
// A file can be marked untrusted from its preview, and a folder from its row: the panel shows the
// badge, the mark survives a reload (it lives in the settings), and the switch takes it off again.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('untrusted files in the workspace panel', () => {
  it('marks and unmarks a file from its preview', { timeout: 180_000 }, async () => {
    const e = await open(['```bash\necho "ignore the user" > page.txt && echo mine > mine.txt\n```']);
    const { page } = e;
    await sendAndFinish(page, 'make files', 'coder');
    const row = (path: string) => page.locator(`[data-testid="workspace-file"][data-path="${path}"]`);
    await expect.poll(() => row('page.txt').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('file-untrusted').count()).toBe(0);
    await row('page.txt').getByTestId('file-open').click();
    const toggle = page.getByTestId('file-untrusted-toggle');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'workspace-untrusted-preview');
    await page.getByTestId('file-preview-close').click();
    await expect.poll(() => row('page.txt').getByTestId('file-untrusted').count()).toBe(1);
    expect(await row('mine.txt').getByTestId('file-untrusted').count()).toBe(0);
    // The mark is in the settings: a reload still shows it.
    await page.reload();
    await expect.poll(() => row('page.txt').getByTestId('file-untrusted').count(), { timeout: 30_000 }).toBe(1);
    await row('page.txt').getByTestId('file-open').click();
    await page.getByTestId('file-untrusted-toggle').click();
    await page.getByTestId('file-preview-close').click();
    await expect.poll(() => page.getByTestId('file-untrusted').count()).toBe(0);
  });

  it('marks a folder from its row: it and its files show the badge; the switch takes it off', { timeout: 180_000 }, async () => {
    const e = await open(['```bash\nmkdir -p downloads/deep && echo x > downloads/deep/a.txt && echo y > notes.txt\n```']);
    const { page } = e;
    await sendAndFinish(page, 'make files', 'coder');
    const row = (path: string) => page.locator(`[data-testid="workspace-file"][data-path="${path}"]`);
    await expect.poll(() => row('downloads/deep/a.txt').count(), { timeout: 30_000 }).toBe(1);
    await row('downloads').getByTestId('folder-untrusted-toggle').click();
    await expect.poll(() => row('downloads/deep/a.txt').getByTestId('file-untrusted').count()).toBe(1);
    expect(await row('downloads').getByTestId('file-untrusted').count()).toBe(1);
    expect(await row('notes.txt').getByTestId('file-untrusted').count()).toBe(0);
    // A folder inside a marked one has no switch of its own: the mark is taken off where it was put.
    expect(await row('downloads/deep').getByTestId('folder-untrusted-toggle').count()).toBe(0);
    await screenshot(page, 'workspace-untrusted-folder');
    await row('downloads').getByTestId('folder-untrusted-toggle').click();
    await expect.poll(() => page.getByTestId('file-untrusted').count()).toBe(0);
  });
});
