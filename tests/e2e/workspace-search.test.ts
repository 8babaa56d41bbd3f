/// <reference lib="dom" />
// The workspace panel's search box: a person types words, the knowledge index answers with
// passages and where they are, and a hit opens its file at that place.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('workspace search', () => {
  it('finds a passage and opens the file at its lines', { timeout: 180_000 }, async () => {
    const make =
      "```bash\nmkdir -p notes && printf 'Shopping list\\n\\n# Lease\\nEither party may terminate with 30 days notice.\\n' > notes/lease.md && echo 'tram 28' > trip.txt\n```";
    const { page } = await open([make]);
    await sendAndFinish(page, 'make notes', 'coder');
    await page.locator('[data-testid="workspace-file"][data-path="notes/lease.md"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('knowledge-progress').textContent(), { timeout: 30_000 }).toMatch(/Index up to date · \d+ files/);
    await page.getByTestId('knowledge-query').fill('terminate notice');
    await page.getByTestId('knowledge-query').press('Enter');
    const hits = page.getByTestId('knowledge-hit');
    await expect.poll(() => hits.count(), { timeout: 30_000 }).toBe(1);
    expect(await hits.first().textContent()).toContain('notes/lease.md lines 3-4');
    await screenshot(page, 'workspace-search');
    await hits.first().click();
    await expect.poll(() => page.getByTestId('preview-at').textContent()).toContain('Found on lines 3-4:# Lease\nEither party may terminate with 30 days notice.');
    expect(await page.getByTestId('preview-text').textContent()).toContain('Shopping list');
    await page.getByTestId('file-preview-close').click();
    // Pausing is shown and undone from the same line.
    await page.getByTestId('knowledge-pause').click();
    await expect.poll(() => page.getByTestId('knowledge-progress').textContent()).toMatch(/Indexing paused/);
    await page.getByTestId('knowledge-pause').click();
    await expect.poll(() => page.getByTestId('knowledge-progress').textContent()).not.toMatch(/paused/);
  });
});
