// Runs the real CLI and web host as child processes, as a user would.
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: Record<string, unknown>[];
}

export interface CliOptions {
  home: string;
  input?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** A command the CLI runs under (a bwrap with a read-only mount). */
  wrap?: string[];
}

/**
 * What a CLI process printed and how it ended, its JSON lines parsed (--json); killed after
 * `timeoutMs`. `onStderr` sees the whole stderr so far at each chunk (a test that waits for a line).
 */
export function collectRun(child: ChildProcessByStdio<Writable | null, Readable, Readable>, timeoutMs: number, onStderr?: (text: string) => void): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      onStderr?.(stderr);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, stdout, stderr, lines });
    });
  });
}

/** The CLI as started from a shell: not through `npm run cli`, so it reads paths against its own cwd. */
export function runCli(args: string[], opts: CliOptions): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const command = [...(opts.wrap ?? []), TSX, join(ROOT, 'src-main/hosts/cli/main.ts'), ...args];
    const child = spawn(command[0]!, command.slice(1), {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, npm_lifecycle_event: '', AGENTIC_HOME: opts.home, AGENTIC_LOG: 'error', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    collectRun(child, opts.timeoutMs ?? 60_000).then(resolve, reject);
    // A CLI that exits before reading all of its input closes the pipe (EPIPE): its exit code says why.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}

export interface WebHost {
  url: string;
  origin: string;
  port: number;
  token: string;
  child: ChildProcess;
  /** What the host wrote on stderr so far (its log lines). */
  stderr(): string;
  stop(): Promise<void>;
}

export function startWebHost(args: string[], home: string): Promise<WebHost> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [join(ROOT, 'src-main/hosts/web/main.ts'), ...args], {
      cwd: ROOT,
      // Turns and blocks logged (info) for the trace a failing test prints (pageTrace.ts).
      env: { AGENTIC_LOG: 'info', ...process.env, AGENTIC_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`web host did not start: ${out} ${err}`));
    }, 120_000);
    // The last MiB is plenty for a failure's trace; a long test at info must not grow it for ever.
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-1_048_576)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:(\d+))\/\?token=([\w-]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[0],
        origin: m[1]!,
        port: Number(m[2]),
        token: m[3]!,
        child,
        stderr: () => err,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web host exited (${code}): ${err}`));
    });
  });
}
