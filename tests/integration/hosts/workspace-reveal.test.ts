// "Show in folder" (workspace.reveal): the path comes from the page, so it is resolved inside the
// workspace like the agents' paths; `..`, absolute paths elsewhere and links leading out never reach
// the file manager. The desktop app lends the port (Electron's shell.showItemInFolder); without one
// (web host, CLI) the command answers revealed: false and app.info says the action is not available.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app/index.js';
import { silentLogger } from '../../../src-main/node/logger.js';

const ctx = { clientId: 't' };
const root = mkdtempSync(join(tmpdir(), 'agentic-reveal-'));
const ws = join(root, 'ws');
const outside = join(root, 'outside');
const revealed: string[] = [];
let app: App;
let bare: App;

beforeAll(async () => {
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(ws, 'src', 'a.txt'), 'a');
  writeFileSync(join(outside, 'secret.txt'), 's');
  symlinkSync(outside, join(ws, 'out-dir'));
  symlinkSync(join(outside, 'secret.txt'), join(ws, 'out-file'));
  symlinkSync(join(ws, 'src', 'a.txt'), join(ws, 'in-link'));
  const settings = { workspace: ws };
  app = await createApp({ host: 'electron', dataDir: join(root, 'data'), logger: silentLogger, settings, revealPath: (p) => void revealed.push(p) });
  bare = await createApp({ host: 'web', dataDir: join(root, 'data-web'), logger: silentLogger, settings });
});
afterAll(async () => {
  await app.dispose();
  await bare.dispose();
  rmSync(root, { recursive: true, force: true });
});

const reveal = (path: string, on = app) => on.handlers['workspace.reveal']({ path }, ctx);

describe('workspace.reveal', () => {
  it('hands the file manager the absolute path of a file or folder of the workspace', async () => {
    const real = realpathSync(ws);
    expect(await reveal('src/a.txt')).toEqual({ revealed: true });
    expect(await reveal('src')).toEqual({ revealed: true });
    expect(await reveal(join(ws, 'src', 'a.txt'))).toEqual({ revealed: true });
    // A link that stays inside is shown where it leads.
    expect(await reveal('in-link')).toEqual({ revealed: true });
    expect(revealed.splice(0)).toEqual([join(real, 'src', 'a.txt'), join(real, 'src'), join(real, 'src', 'a.txt'), join(real, 'src', 'a.txt')]);
  });

  it.each([
    ['../outside/secret.txt', /leads outside/],
    ['src/../../outside', /leads outside/],
    [join(outside, 'secret.txt'), /leads outside/],
    ['out-dir', /link that leads outside/],
    ['out-dir/secret.txt', /link that leads outside/],
    ['out-file', /link that leads outside/],
    ['~/.ssh', /home directory/],
  ])('refuses %s, and the file manager is never asked', async (path, why) => {
    await expect(reveal(path)).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE', message: expect.stringMatching(why) });
    expect(revealed).toEqual([]);
  });

  it('says when the file is gone', async () => {
    await expect(reveal('src/gone.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(revealed).toEqual([]);
  });

  it('app.info offers it only where the host lends a file manager; elsewhere revealed is false', async () => {
    expect((await app.handlers['app.info']({}, ctx)).capabilities).toEqual({ reveal: true });
    expect((await bare.handlers['app.info']({}, ctx)).capabilities).toEqual({ reveal: false });
    expect(await reveal('src/a.txt', bare)).toEqual({ revealed: false });
    await expect(reveal('../outside', bare)).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    expect(revealed).toEqual([]);
  });
});
