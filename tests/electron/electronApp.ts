// Launching the real desktop app for the smoke test: the Electron binary from node_modules (never
// downloaded here: node_modules/electron's index.js would try), a virtual X display on Linux when
// there is none, a throw-away user-data folder and a replay file through the app's test hooks.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/processes.js';

/** The Electron executable, or why there is none (the line the skipped test prints). */
export function findElectronBinary(): { path: string } | { missing: string } {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!override && !existsSync(pathFile)) {
    return {
      missing:
        'no Electron binary (node_modules/electron/path.txt is absent: installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1); get it with `node node_modules/electron/install.js` on a machine with internet',
    };
  }
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : process.platform === 'win32'
      ? 'electron.exe'
      : process.platform === 'darwin'
        ? 'Electron.app/Contents/MacOS/Electron'
        : 'electron';
  const path = join(override ?? join(pkg, 'dist'), relative);
  return existsSync(path) ? { path } : { missing: `the Electron binary ${path} does not exist` };
}

export interface VirtualDisplay {
  display: string;
  stop(): Promise<void>;
}

/**
 * Linux without a display (CI, these machines): start Xvfb and let it pick a free display number
 * (-displayfd). With DISPLAY or WAYLAND_DISPLAY set, or on macOS and Windows, nothing to do.
 */
export async function ensureDisplay(): Promise<VirtualDisplay | null> {
  if (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return null;
  const child: ChildProcess = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s (is the xvfb package installed?)')), 10_000);
    child.once('error', (error) => reject(new Error(`Xvfb could not start (install the xvfb package, or run under xvfb-run): ${error.message}`)));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
  });
  return {
    display,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Every descendant of a process (Linux and macOS, from `ps`): what must be gone after quitting. */
export function descendants(root: number): number[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
