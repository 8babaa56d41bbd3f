import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths, desktopDataDir, findAppRoot } from './paths.js';

const repo = resolve(import.meta.dirname, '../..');

describe('appPaths', () => {
  it('resolves the checkout for the CLI and web host, and every file it names exists', () => {
    for (const host of ['cli', 'web'] as const) {
      const p = appPaths({ host, env: {} });
      expect(p.appRoot).toBe(repo);
      for (const file of [p.prompts, p.router, join(p.router, 'router.onnx'), join(p.router, 'featurizer.json'), p.catalog]) {
        expect(existsSync(file), file).toBe(true);
      }
      expect(p.dataDir).toBe(join(homedir(), '.agentic'));
    }
  });

  it('honours AGENTIC_HOME for data, models and the default workspace', () => {
    const p = appPaths({ host: 'cli', env: { AGENTIC_HOME: '/tmp/agentic-home' } });
    expect(p).toMatchObject({ dataDir: '/tmp/agentic-home', modelsDir: '/tmp/agentic-home/models', workspace: '/tmp/agentic-home/workspace' });
  });

  it('gives the desktop app and the CLI one models folder, while their own data stays apart', () => {
    const env = { AGENTIC_HOME: '/h' };
    const cli = appPaths({ host: 'cli', env });
    const desktop = appPaths({
      host: 'electron',
      env,
      packaged: true,
      appPath: '/opt/Agentic/resources/app.asar',
      resourcesPath: '/opt/Agentic/resources',
      userData: '/u/Agentic',
    });
    expect(desktop.modelsDir).toBe(cli.modelsDir);
    expect(desktop.workspace).toBe(cli.workspace);
    expect(desktop.dataDir).toBe('/u/Agentic');
  });

  it('puts code in app.asar and path-opened resources beside it when packaged', () => {
    const p = appPaths({ host: 'electron', packaged: true, appPath: '/opt/Agentic/resources/app.asar', resourcesPath: '/opt/Agentic/resources', userData: '/u' });
    expect(p.prompts).toBe('/opt/Agentic/resources/app.asar/prompts');
    expect(p.renderer).toBe('/opt/Agentic/resources/app.asar/out/renderer');
    // onnxruntime opens the router from its path: it must not be inside the archive.
    expect(p.router).toBe('/opt/Agentic/resources/router');
    expect(p.catalog).toBe('/opt/Agentic/resources/models/catalog.json');
  });

  it('uses the checkout for Electron in development', () => {
    const p = appPaths({ host: 'electron', packaged: false, appPath: repo, userData: '/u' });
    expect(p.router).toBe(join(repo, 'resources', 'router'));
    expect(p.prompts).toBe(join(repo, 'prompts'));
  });

  it('refuses an Electron call that lacks what only Electron knows', () => {
    expect(() => appPaths({ host: 'electron', packaged: true, userData: '/u' })).toThrow(/appPath and resourcesPath/);
    expect(() => appPaths({ host: 'electron', packaged: false })).toThrow(/userData/);
  });

  it('finds the app root from a built bundle folder', () => {
    expect(findAppRoot(join(repo, 'out', 'main'))).toBe(repo);
    expect(() => findAppRoot('/')).toThrow(/Cannot find the application folder/);
  });

  it('finds the desktop app data folder where Electron puts it on each platform', () => {
    expect(desktopDataDir('linux', {}, '/home/u')).toBe('/home/u/.config/agentic');
    expect(desktopDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/u')).toBe('/x/agentic');
    expect(desktopDataDir('darwin', {}, '/Users/u')).toBe('/Users/u/Library/Application Support/agentic');
    expect(desktopDataDir('win32', { APPDATA: 'C:/Users/u/AppData/Roaming' }, 'C:/Users/u')).toBe(join('C:/Users/u/AppData/Roaming', 'agentic'));
  });
});
