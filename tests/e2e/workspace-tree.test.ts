/// <reference lib="dom" />
// The workspace panel is a tree: folders first, their files indented under them, a folder folds
// away with a click, a file opens in a preview, and Delete asks before deleting.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('workspace tree', () => {
  it('shows folders that fold', { timeout: 180_000 }, async () => {
    const e = await open(['```bash\nmkdir -p src/lib && echo a > src/lib/util.py && echo b > src/main.py && echo c > notes.txt\n```']);
    const { page } = e;
    await sendAndFinish(page, 'make files', 'coder');
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
    // The web host has no file manager (app.info capabilities.reveal false): no "Show in folder".
    expect(await page.evaluate(() => document.querySelectorAll('[data-testid="file-reveal"], [data-testid="preview-reveal"]').length)).toBe(0);
  });

  it('offers "Show in folder" only where the host says it has a file manager', { timeout: 180_000 }, async () => {
    const e = await open(['```bash\nmkdir -p src && echo b > src/main.py\n```']);
    const { page } = e;
    await sendAndFinish(page, 'make files', 'coder');
    const row = page.locator('[data-testid="workspace-file"][data-path="src/main.py"]');
    await row.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('file-reveal').count()).toBe(0);
    await row.getByTestId('file-open').click();
    await page.getByTestId('preview-text').waitFor();
    expect(await page.getByTestId('preview-reveal').count()).toBe(0);
    // The same page told otherwise (its app.info answer rewritten to claim a file manager, as the
    // desktop app's says) shows the action on files and folders; the web host itself then answers
    // revealed: false, which the page says.
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        override get onmessage(): ((ev: MessageEvent) => void) | null {
          return super.onmessage;
        }
        override set onmessage(fn: ((ev: MessageEvent) => void) | null) {
          super.onmessage = fn
            ? (ev: MessageEvent<string>) => {
                const m = JSON.parse(ev.data) as { result?: { ok?: boolean; value?: { capabilities?: { reveal: boolean } } } };
                if (m.result?.ok && m.result.value?.capabilities) m.result.value.capabilities.reveal = true;
                fn({ data: JSON.stringify(m) } as MessageEvent);
              }
            : null;
        }
      };
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('file-reveal').count(), { timeout: 30_000 }).toBe(2); // src and src/main.py
    await page.locator('[data-testid="workspace-file"][data-path="src/main.py"]').getByTestId('file-open').click();
    await page.getByTestId('preview-reveal').click();
    await expect
      .poll(() =>
        page
          .getByTestId('notice')
          .allTextContents()
          .then((t) => t.join(' / ')),
      )
      .toContain('This app has no file manager to show it in.');
  });
});
