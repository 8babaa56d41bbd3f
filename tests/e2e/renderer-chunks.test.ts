// The built renderer (out/renderer, the one Electron loads from file://) under its own CSP
// (script-src 'self'): the first paint loads only the entry chunks, and a lazy chunk (Settings)
// loads on demand without a CSP refusal. Chromium's --allow-file-access-from-files stands in for
// Electron's file:// access; with no bridge the page only shows its connection notice.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/e2e.js';
import { ROOT } from '../helpers/processes.js';

const INDEX = join(ROOT, 'out', 'renderer', 'index.html');

describe.skipIf(!existsSync(INDEX))('renderer chunks over file://', () => {
  it('loads the lazy Settings chunk on demand under the page CSP, and no Markdown or xterm chunk at first paint', { timeout: 60_000 }, async () => {
    const browser = await launchChromium(['--allow-file-access-from-files']);
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && refused.push(m.text()));
      page.on('requestfailed', (r) => r.url().startsWith('file:') && refused.push(`${r.url()}: ${r.failure()?.errorText}`));
      const scripts: string[] = [];
      page.on('requestfinished', (r) => r.url().endsWith('.js') && scripts.push(r.url().split('/').pop()!));
      await page.goto(pathToFileURL(INDEX).href);
      await page.getByText('Settings').first().waitFor();
      expect(scripts.some((s) => /^(Markdown|XtermView|SettingsPanel)-/.test(s))).toBe(false);
      await page.getByText('Settings').first().click();
      await page.getByTestId('settings').waitFor({ timeout: 20_000 });
      expect(scripts.some((s) => s.startsWith('SettingsPanel-'))).toBe(true);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
