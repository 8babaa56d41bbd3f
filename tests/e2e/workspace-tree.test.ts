/// <reference lib="dom" />
// The workspace panel is a tree: folders first, their files indented under them, a folder folds
// away with a click, a file opens in a preview, and Delete asks before deleting.
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, screenshot, send, type E2e } from '../helpers/e2e.js';

let e: E2e | null = null;
afterEach(async () => {
  await e?.close();
  e = null;
});

describe('workspace tree', () => {
  it('shows folders that fold', { timeout: 180_000 }, async () => {
    e = await openApp(['```bash\nmkdir -p src/lib && echo a > src/lib/util.py && echo b > src/main.py && echo c > notes.txt\n```']);
    const { page } = e;
    await send(page, 'make files', 'coder');
    await expect.poll(() => page.getByTestId('answer').last().getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    const rows = page.getByTestId('workspace-file');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-path'))), { timeout: 30_000 })
      .toEqual(['src', 'src/lib', 'src/lib/util.py', 'src/main.py', 'notes.txt']);
    const indent = (path: string) => page.locator(`[data-testid="workspace-file"][data-path="${path}"]`).evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
    expect(await indent('src/lib/util.py')).toBeGreaterThan(await indent('src/lib'));
    expect(await indent('src/lib')).toBeGreaterThan(await indent('src'));
    // Open a file: its preview; Delete asks first, then the file goes.
    await page.locator('[data-testid="workspace-file"][data-path="notes.txt"]').getByTestId('file-open').click();
    await expect.poll(() => page.getByTestId('preview-text').textContent()).toBe('c\n');
    await page.getByTestId('file-delete').click();
    expect(await page.locator('[data-testid="workspace-file"][data-path="notes.txt"]').count()).toBe(1); // not yet
    await screenshot(page, 'workspace-preview-delete');
    await page.getByTestId('file-delete-confirm').click();
    await expect.poll(() => page.locator('[data-testid="workspace-file"][data-path="notes.txt"]').count()).toBe(0);
    await page.locator('[data-testid="workspace-file"][data-path="src"]').getByTestId('folder-toggle').click();
    await expect.poll(() => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))).toEqual(['src']);
    await screenshot(page, 'workspace-tree');
  });
});
