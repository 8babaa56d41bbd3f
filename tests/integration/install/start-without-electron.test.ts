// `npm start` (scripts/start.mjs) without Electron's binary: one line that says the binary is
// missing and how to get it, exit 1, and no build and no download attempt. Run as a child process
// against electron package folders made here (the real one on a machine that has the binary).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findElectron } from '../../../scripts/start.mjs';

const root = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'agentic-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(electronDir: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, AGENTIC_ELECTRON_DIR: electronDir, ...env },
  });
}

/** An electron package folder as npm leaves it: the JS, and dist/ only if the binary was fetched. */
function electronPackage(name: string, opts: { pathTxt?: string }): string {
  const pkg = join(dir, name);
  mkdirSync(pkg, { recursive: true });
  cpSync(join(root, 'node_modules', 'electron', 'package.json'), join(pkg, 'package.json'));
  if (opts.pathTxt) writeFileSync(join(pkg, 'path.txt'), opts.pathTxt);
  return pkg;
}

const oneLine = /^npm start: the Electron binary is missing \(.+\); download it with `node node_modules\/electron\/install\.js` \(needs internet\), then run npm start again\.\n$/;

describe('npm start without the Electron binary', () => {
  it('never downloaded (no path.txt): one line on stderr, exit 1, nothing on stdout', () => {
    const r = start(electronPackage('never', {}));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(oneLine);
    expect(r.stdout).toBe('');
  });

  it('path.txt written but the binary gone: the same line', () => {
    const r = start(electronPackage('gone', { pathTxt: 'electron' }));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(oneLine);
    expect(r.stderr).toContain('holds no Electron binary');
  });

  it('ELECTRON_OVERRIDE_DIST_PATH pointing nowhere: the same line, naming the override', () => {
    const r = start(electronPackage('override', {}), { ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'nowhere') });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(oneLine);
    expect(r.stderr).toContain('ELECTRON_OVERRIDE_DIST_PATH');
  });

  it('finds a binary where path.txt names one that exists', () => {
    const pkg = electronPackage('present', { pathTxt: 'electron' });
    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    expect(findElectron({ AGENTIC_ELECTRON_DIR: pkg })).toEqual({ path: join(pkg, 'dist', 'electron'), reason: null });
  });

  // Where Electron is installed, npm start would build and open the app: nothing to check here then.
  it.skipIf(findElectron({}).path !== null)('this checkout’s own electron package, whose binary is absent here, gives the line too', () => {
    const r = start('');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(oneLine);
    expect(r.stderr).not.toContain('failed to install correctly');
  });
});
