// The real web host as a child process (bin/agentic-web.js, the prebuilt bundle) on a free port,
// replaying the given responses, for the suites that measure it from a browser or over its socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = join(fileURLToPath(import.meta.url), '..', '..', 'bin', 'agentic-web.js');

export interface BenchHost {
  child: ChildProcess;
  /** The page's address, with its token. */
  url: string;
  /** From the spawn to the line that gives the address. */
  readyMs: number;
}

export function startWebHost(home: string, replay: string): Promise<BenchHost> {
  const started = performance.now();
  const child = spawn(process.execPath, [WEB, '--port', '0', '--replay', replay], {
    env: { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /running: (\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, readyMs: performance.now() - started });
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`web host exited (${code}): ${out}`)));
  });
}

export const stopWebHost = (host: BenchHost) =>
  new Promise<void>((resolve) => {
    if (host.child.exitCode !== null) return resolve();
    host.child.once('exit', () => resolve());
    host.child.kill('SIGTERM');
  });
