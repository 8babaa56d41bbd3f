#!/usr/bin/env node
// `npm start`: build, then run the desktop app. Without Electron's binary (Electron 45 has no
// postinstall: it downloads on first use, which fails offline) it says so in one line and how to get
// it, instead of Electron's own "failed to install correctly", which would send the user to delete
// node_modules. The check reads what electron/index.js reads, without requiring it: requiring it
// starts a download.
// AGENTIC_ELECTRON_DIR points at another electron package folder (tests).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Electron executable, or null with the reason when it is not there. */
export function findElectron(env = process.env) {
  let dir = env.AGENTIC_ELECTRON_DIR;
  if (!dir) {
    try {
      dir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
    } catch {
      return { path: null, reason: 'the electron package is not installed (run npm install)' };
    }
  }
  const pathFile = join(dir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, name || 'electron');
    return existsSync(path) ? { path, reason: null } : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${path}` };
  }
  const path = name ? join(dir, 'dist', name) : null;
  if (path && existsSync(path)) return { path, reason: null };
  return { path: null, reason: `${relative(root, join(dir, 'dist')) || join(dir, 'dist')} holds no Electron binary` };
}

function main() {
  const electron = findElectron();
  if (!electron.path) {
    process.stderr.write(
      `npm start: the Electron binary is missing (${electron.reason}); download it with \`node node_modules/electron/install.js\` (needs internet), then run npm start again.\n`,
    );
    process.exit(1);
  }
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const build = spawnSync(npx, ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const app = spawn(electron.path, ['.'], { cwd: root, stdio: 'inherit', windowsHide: false });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
  app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
