/// <reference lib="dom" />
// Settings → Checkpoints: the limits of the per-turn checkpoints can be changed, and the change is
// kept (a reload reads it back from the settings file).
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings, screenshot } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('checkpoint settings', () => {
  it('changes how long checkpoints are kept, and keeps the change', { timeout: 120_000 }, async () => {
    const e = await open([]);
    await openSettings(e.page);
    const age = e.page.getByTestId('settings-checkpoints-max-age');
    expect(await age.inputValue()).toBe('30');
    expect(await e.page.getByTestId('settings-checkpoints-max-file').inputValue()).toBe('50');
    await age.fill('7');
    await age.press('Tab');
    await screenshot(e.page, 'settings-checkpoints');
    await e.page.reload();
    await openSettings(e.page);
    await expect.poll(() => e.page.getByTestId('settings-checkpoints-max-age').inputValue(), { timeout: 30_000 }).toBe('7');
  });
});
