/// <reference lib="dom" />
// Layout as a window a person resizes: 800 px wide still works (chat, composer, model status in
// view, nothing wider than the window), the side panel collapses and the browser pane appears only
// when pinned or in use, light and dark themes follow the system with a switch, and the keyboard
// shortcuts work and are listed on a sheet.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish, type E2e } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

const background = (page: E2e['page']) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

describe('layout', () => {
  it('works at 800 px wide', { timeout: 120_000 }, async () => {
    const e = await open(['Fine at this width.'], [], { width: 800, height: 700 });
    const { page } = e;
    await sendAndFinish(page, 'hello', 'casual');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const id of ['chat-input', 'send', 'model-status', 'new-session']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(800);
    }
    expect(await page.getByTestId('side-panel').isVisible()).toBe(false);
    await screenshot(page, 'layout-800px');
  });

  it('collapses panels, shows the browser only when pinned, switches themes, and lists and obeys shortcuts', { timeout: 120_000 }, async () => {
    const e = await open(['First answer.']);
    const { page } = e;
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background(page);
    await page.emulateMedia({ colorScheme: 'light' });
    const systemLight = await background(page);
    expect(systemLight).not.toBe(dark); // "system" follows the system
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.getByTestId('theme-switch').getAttribute('data-theme-choice')).toBe('system');
    await page.getByTestId('theme-switch').click();
    expect(await page.getByTestId('theme-switch').getAttribute('data-theme-choice')).toBe('light');
    expect(await background(page)).toBe('rgb(255, 255, 255)'); // light chosen on a dark system
    await sendAndFinish(page, 'hello', 'casual');
    await screenshot(page, 'theme-light');

    // No web page in this session: no browser pane until pinned.
    expect(await page.getByTestId('browser-pane').count()).toBe(0);
    await page.getByTestId('pin-browser').click();
    expect(await page.getByTestId('browser-pane').count()).toBe(1);
    await page.getByTestId('toggle-panel').click();
    expect(await page.getByTestId('side-panel').count()).toBe(0);
    await page.getByTestId('toggle-sidebar').click();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    const chatWidth = (await page.getByTestId('chat').boundingBox())!.width;
    expect(chatWidth).toBeGreaterThan(1300);
    await page.reload();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false); // remembered
    await page.getByTestId('toggle-sidebar').click();
    await page.getByTestId('toggle-panel').click();

    await page.locator('body').click();
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcut-sheet');
    await sheet.waitFor();
    expect(await sheet.textContent()).toMatch(/New session.*Focus the message box.*Stop the running turn.*Settings/s);
    await screenshot(page, 'shortcut-sheet');
    await page.getByTestId('close-shortcuts').click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-input');
    const sessionsBefore = await page.getByTestId('sessions').locator('li').count();
    await page.keyboard.press('Control+Shift+O');
    await expect.poll(() => page.getByTestId('chat').textContent()).toMatch(/Ask for something/);
    expect(sessionsBefore).toBeGreaterThan(0);
    await page.keyboard.press('Control+,');
    await page.getByTestId('settings').waitFor();
  });
});
