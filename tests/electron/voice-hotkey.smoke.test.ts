// Electron smoke test of the voice hotkey: the app registers Ctrl/Cmd+Shift+Space with Electron's
// globalShortcut at start, and firing it (through the main process, as a key press would) brings the
// window forward and starts listening in the page. Needs the Electron binary; skipped here with
// the reason. The logic itself is unit-tested in src-main/electron/voiceHotkey.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/processes.js';
import { ensureDisplay, findElectronBinary, type VirtualDisplay } from './electronApp.js';

const binary = findElectronBinary();
if (!('path' in binary)) console.warn(`Electron voice hotkey smoke test skipped: ${binary.missing}.`);

describe.skipIf(!('path' in binary))('voice hotkey (Electron smoke test)', { timeout: 300_000 }, () => {
  let display: VirtualDisplay | null = null;
  let app: ElectronApplication;
  let page: Page;
  let home: string;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'out', 'main', 'main.js'))) execFileSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: ROOT, stdio: 'ignore' });
    display = await ensureDisplay();
    home = mkdtempSync(join(tmpdir(), 'agentic-electron-voice-'));
    const userData = join(home, 'user-data');
    mkdirSync(userData, { recursive: true });
    writeFileSync(join(userData, 'settings.json'), JSON.stringify({ workspace: join(home, 'workspace'), voice: { globalHotkey: 'CommandOrControl+Shift+F9' } }));
    writeFileSync(join(home, 'replay.json'), JSON.stringify({ responses: ['ok'] }));
    app = await _electron.launch({
      executablePath: (binary as { path: string }).path,
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', ROOT],
      cwd: ROOT,
      env: { ...process.env, AGENTIC_TEST_USER_DATA: userData, AGENTIC_TEST_REPLAY: join(home, 'replay.json'), ...(display ? { DISPLAY: display.display } : {}) },
      timeout: 90_000,
    });
    page = await app.firstWindow();
    await page.getByTestId('chat-input').waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await display?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('registers the configured accelerator with globalShortcut', async () => {
    await expect.poll(() => app.evaluate(({ globalShortcut }) => globalShortcut.isRegistered('CommandOrControl+Shift+F9')), { timeout: 10_000 }).toBe(true);
  });

  it('after a settings change the new accelerator replaces the old one', async () => {
    await page.evaluate(() =>
      (window as unknown as { agentic: { invoke(c: string, i: unknown): Promise<unknown> } }).agentic.invoke('settings.update', {
        voice: { globalHotkey: 'CommandOrControl+Shift+F10' },
      }),
    );
    await expect.poll(() => app.evaluate(({ globalShortcut }) => globalShortcut.isRegistered('CommandOrControl+Shift+F10')), { timeout: 10_000 }).toBe(true);
    expect(await app.evaluate(({ globalShortcut }) => globalShortcut.isRegistered('CommandOrControl+Shift+F9'))).toBe(false);
  });

  it('the microphone is granted to the app page and the mic button starts listening', async () => {
    await page.getByTestId('mic').click();
    await expect.poll(() => page.getByTestId('voice').getAttribute('data-phase'), { timeout: 20_000 }).toMatch(/listening|speech|transcribing/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('voice').getAttribute('data-phase')).toBe('idle');
  });
});
