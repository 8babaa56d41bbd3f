// Helpers of the packaging layout test: a stand-in Electron folder electron-builder accepts offline,
// a run of electron-builder on it, and a reader of the packaged app (app.asar listed with
// @electron/asar, everything else on disk).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, relative, sep } from 'node:path';
import * as asar from '@electron/asar';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Electron's fuse wire as @electron/fuses finds it: the sentinel, version 1, length, then one byte per fuse. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's shipped fuse states (RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on, …). */
const DEFAULT_WIRE = '101100011';

/**
 * A folder electron-builder takes as `electronDist`: an executable `electron` (a shell script that
 * carries a real fuse wire, so the fuses hook has something to flip), `resources/default_app.asar`
 * and a `version` file. It cannot start an app; it lets the packager run without a download.
 */
export async function makeStandInElectron(dir: string): Promise<string> {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron!;
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const exe = join(dir, 'electron');
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(DEFAULT_WIRE)]);
  writeFileSync(
    exe,
    Buffer.concat([Buffer.from('#!/bin/sh\n# stand-in for the Electron binary; fuse wire: '), wire, Buffer.from('\necho "stand-in Electron: cannot run an app" >&2\nexit 1\n')]),
  );
  chmodSync(exe, 0o755);
  writeFileSync(join(dir, 'version'), version);
  const app = join(dir, 'default_app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'default_app', main: 'main.js' }));
  writeFileSync(join(app, 'main.js'), '');
  await asar.createPackage(app, join(dir, 'resources', 'default_app.asar'));
  return version;
}

/**
 * Runs `build` and, only when one of the `inputs` was rewritten meanwhile (on a machine where
 * others rebuild out/, electron-builder once packed a half-written out/main), runs it again.
 * A build that fails on its own is not retried.
 */
export async function withStableInputs<T>(inputs: readonly string[], build: () => Promise<T>): Promise<{ value: T; attempts: number }> {
  const stamp = () => inputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : -1)).join(',');
  for (let attempt = 1; ; attempt++) {
    const before = stamp();
    const outcome = await build().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    if (stamp() === before || attempt === 3) {
      if ('error' in outcome) throw outcome.error;
      return { value: outcome.value, attempts: attempt };
    }
    while (inputs.some((f) => !existsSync(f))) await sleep(1000); // the other build is still writing
  }
}

/** Runs `electron-builder --linux dir` in `projectDir` with its configuration plus the overrides given. */
export function runElectronBuilder(projectDir: string, overrides: Record<string, string>, timeoutMs: number): Promise<string> {
  const cli = join(ROOT, 'node_modules', 'electron-builder', 'cli.js');
  const args = [cli, '--linux', 'dir', '--publish', 'never', ...Object.entries(overrides).map(([k, v]) => `-c.${k}=${v}`)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectDir, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(log) : reject(new Error(`electron-builder exited ${code}:\n${log.slice(-4000)}`))));
  });
}

export interface PackagedFile {
  /** Path relative to the app folder, with / separators; files in the archive read `resources/app.asar/…`. */
  path: string;
  size: number;
  inAsar: boolean;
}

/** Every file of the packaged app, the archive's content included (its unpacked entries are listed on disk). */
export function listPackagedApp(appDir: string): PackagedFile[] {
  const files: PackagedFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push({ path: relative(appDir, full).split(sep).join('/'), size: statSync(full).size, inAsar: false });
    }
  };
  walk(appDir);
  const archive = join(appDir, 'resources', 'app.asar');
  for (const entry of asar.listPackage(archive, { isPack: false })) {
    const stat = asar.statFile(archive, entry.slice(1), false);
    if (!('size' in stat) || stat.unpacked) continue; // directories; unpacked files were listed on disk
    files.push({ path: `resources/app.asar${entry.split(sep).join('/')}`, size: stat.size, inAsar: true });
  }
  return files;
}

/** Whether a path (inside app.asar or not) names an existing file of the packaged app. */
export function existsInPackage(files: readonly PackagedFile[], appDir: string, path: string): boolean {
  const rel = relative(appDir, path).split(sep).join('/');
  if (!rel.startsWith('resources/app.asar/')) return existsSync(path) && statSync(path).isFile();
  return files.some((f) => f.inAsar && f.path === rel);
}

/** Folders of the production dependency tree (what electron-builder copies), as npm resolves it. */
export function productionPackages(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['ls', '--omit', 'dev', '--all', '--parseable', '--long'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    // npm ls exits 1 for extraneous or invalid entries but still prints the tree. Lines read
    // path:name@version[:EXTRANEOUS]; an extraneous package is in no package.json, so not shipped.
    child.on('close', () =>
      resolve(
        out
          .split('\n')
          .filter((l) => l.startsWith(join(ROOT, 'node_modules')) && !l.endsWith(':EXTRANEOUS'))
          .map((l) => l.split(':')[0]!),
      ),
    );
  });
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
