/// <reference lib="dom" />
// The desktop app itself, driven by Playwright's Electron support: the real main process, preload,
// IPC, browser view and store, the Replay provider standing in for a model. Runs wherever an
// Electron binary is installed (a developer's machine, CI with internet); skipped here, where none
// can be downloaded, with the reason in the test name. On Linux without a display it starts Xvfb
// itself, so plain `npm test` works in a headless CI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/web/server.js';
import { send } from '../helpers/e2e.js';
import { ROOT } from '../helpers/processes.js';
import { alive, descendants, ensureDisplay, findElectronBinary, type VirtualDisplay } from './electronApp.js';

const binary = findElectronBinary();
const title = 'path' in binary ? 'desktop app (Electron smoke test)' : `desktop app (Electron smoke test) skipped: ${binary.missing}`;
// The one line that says why, in the run's output (a skipped file shows no test names).
if (!('path' in binary)) console.warn(`Electron smoke test skipped: ${binary.missing}.`);

describe.skipIf(!('path' in binary))(title, { timeout: 300_000 }, () => {
  let fixtures: FixtureServer;
  let display: VirtualDisplay | null = null;
  let app: ElectronApplication;
  let page: Page;
  let home: string;
  const userData = () => join(home, 'user-data');
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'out', 'main', 'main.js'))) execFileSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: ROOT, stdio: 'ignore' });
    fixtures = await startFixtureServer();
    display = await ensureDisplay();
    home = mkdtempSync(join(tmpdir(), 'agentic-electron-'));
    mkdirSync(userData(), { recursive: true });
    writeFileSync(join(userData(), 'settings.json'), JSON.stringify({ workspace: join(home, 'workspace') }));
    const replay = join(home, 'replay.json');
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    // Answers in the order the turns below ask for them; the coder turn comes last.
    writeFileSync(
      replay,
      JSON.stringify({
        responses: [
          `Hello! ${words}`,
          `OPEN: ${fixtures.origin}/article`,
          'NOTE: Sea otters crack shellfish with stones.\nDONE\nFirst web answer: otters use stones.',
          `OPEN: ${fixtures.origin}/site/habitat`,
          'DONE\nSecond web answer: kelp forests.',
          'Computing:\n```python\nfor i in range(3):\n    print("line", i * 7)\n```',
        ],
      }),
    );
    app = await _electron.launch({
      executablePath: (binary as { path: string }).path,
      // Root in a container needs Chromium's sandbox off; a normal user keeps it.
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT],
      cwd: ROOT,
      env: { ...process.env, AGENTIC_TEST_USER_DATA: userData(), AGENTIC_TEST_REPLAY: replay, ...(display ? { DISPLAY: display.display } : {}) },
      timeout: 90_000,
    });
    page = await app.firstWindow();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.getByTestId('chat-input').waitFor({ timeout: 60_000 });
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await display?.stop();
    await fixtures?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('shows the window and opens the store in the user-data folder', async () => {
    expect(await page.title()).toBe('Agentic');
    expect(existsSync(join(userData(), 'sessions.db'))).toBe(true);
    expect(existsSync(join(userData(), 'logs', 'main.log'))).toBe(true);
  });

  it('loads without a Content-Security-Policy violation', async () => {
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.reload();
    await page.getByTestId('chat-input').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(consoleErrors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
  });

  it('gives the page no Node and exactly the bridge', async () => {
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      module: typeof (window as unknown as { module?: unknown }).module,
      bridge: Object.keys((window as unknown as { agentic: object }).agentic).sort(),
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', bridge: ['ack', 'invoke', 'onEvent'] });
  });

  it('blocks navigation away from the app and pop-ups', async () => {
    const before = page.url();
    await page.evaluate(() => {
      location.href = 'file:///etc/hosts';
    });
    await page.waitForTimeout(1_000);
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => window.open('file:///etc/hosts') === null)).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });

  it('streams a replayed chat turn to the end', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="answer-text"]')?.textContent ?? '';
        if (text && w.__seen.at(-1) !== text) w.__seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await send(page, 'hi there', 'casual');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toContain('word59');
  });

  it('runs two web turns in a row in the embedded browser view', async () => {
    for (const [request, expected, path] of [
      ['how do sea otters use tools?', 'First web answer', '/article'],
      ['where do sea otters live?', 'Second web answer', '/site/habitat'],
    ] as const) {
      await send(page, request, 'web');
      const answer = page.getByTestId('answer').last();
      await expect.poll(() => answer.getAttribute('data-status'), { timeout: 120_000 }).toBe('done');
      expect(await answer.textContent()).toContain(expected);
      expect(fixtures.requests).toContain(path);
    }
    // Both pages were loaded by the app's own view, not a separately launched Chrome.
    const chromes = descendants(app.process().pid!).filter((pid) => {
      try {
        return (
          /chrom(e|ium)/i.test(execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' })) &&
          !/electron/i.test(execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }))
        );
      } catch {
        return false;
      }
    });
    expect(chromes).toEqual([]);
  });

  it('hides the browser view while the Settings drawer is open, and shows it again after', async () => {
    const viewVisible = () =>
      app.evaluate(({ BrowserWindow }) => {
        const views = BrowserWindow.getAllWindows()[0]!.contentView.children;
        return views.length > 0 && views.some((v) => v.getVisible());
      });
    await expect.poll(viewVisible, { timeout: 10_000 }).toBe(true);
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings').waitFor();
    await expect.poll(viewVisible, { timeout: 10_000 }).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByTestId('settings').waitFor({ state: 'detached' });
    await expect.poll(viewVisible, { timeout: 10_000 }).toBe(true);
  });

  it('a second launch leaves at once and the first window stays the only one', async () => {
    // Throws on a non-zero exit or when it is still running after 30 s (it would have opened a window).
    execFileSync((binary as { path: string }).path, [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT], {
      cwd: ROOT,
      env: { ...process.env, AGENTIC_TEST_USER_DATA: userData(), ...(display ? { DISPLAY: display.display } : {}) },
      timeout: 30_000,
      stdio: 'ignore',
    });
    expect(app.windows()).toHaveLength(1);
  });

  it('runs a coder block in a terminal', async () => {
    await send(page, 'print a few lines', 'coder');
    const terminal = page.getByTestId('terminal').first();
    await expect.poll(() => terminal.getAttribute('data-status'), { timeout: 90_000 }).toBe('ok');
    await expect.poll(() => terminal.textContent()).toContain('line 14');
  });

  it('"Show in folder" hands the workspace file to the system file manager', async () => {
    mkdirSync(join(home, 'workspace'), { recursive: true });
    writeFileSync(join(home, 'workspace', 'reveal-me.txt'), 'x');
    // Recorded instead of opening a file manager window on the test machine.
    await app.evaluate(({ shell }) => {
      const g = globalThis as unknown as { __revealed: string[] };
      g.__revealed = [];
      shell.showItemInFolder = (path: string) => void g.__revealed.push(path);
    });
    await page.getByTestId('workspace').getByTitle('Refresh').click();
    const row = page.locator('[data-testid="workspace-file"][data-path="reveal-me.txt"]');
    await row.hover();
    await row.getByTestId('file-reveal').click();
    const revealed = () => app.evaluate(() => (globalThis as unknown as { __revealed: string[] }).__revealed);
    await expect.poll(revealed, { timeout: 10_000 }).toEqual([realpathSync(join(home, 'workspace', 'reveal-me.txt'))]);
  });

  it('leaves no child process behind when it quits', async () => {
    const pid = app.process().pid!;
    const children = process.platform === 'win32' ? [] : descendants(pid);
    expect(children.length).toBeGreaterThan(0); // Electron's own helpers at least: the check sees something
    await app.close();
    await expect.poll(() => [pid, ...children].filter(alive), { timeout: 15_000 }).toEqual([]);
  });
});
