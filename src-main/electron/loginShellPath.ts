// An app started from the macOS Finder (or Dock, Spotlight) inherits launchd's PATH
// (/usr/bin:/bin:/usr/sbin:/sbin), not the one the user's shell profile builds: Homebrew's python3,
// go, java and node would not be found. Ask the login shell once, with a timeout, and put its PATH
// first. The environment dump is framed by markers, so whatever a profile prints (a banner, a
// fortune, a version manager's notice) is ignored. No 'electron' import: unit-tested in Node.
import { spawn } from 'node:child_process';

const MARK = '__AGENTIC_ENV_7f3a__';
const TIMEOUT_MS = 5_000;

/** The shell and arguments that print the environment between two markers. */
export function loginShellCommand(shell: string): { file: string; args: string[] } {
  // -i as well as -l: many users set PATH in .zshrc/.bashrc, which only interactive shells read.
  return { file: shell, args: ['-ilc', `printf '%s\\n' '${MARK}'; command env; printf '%s\\n' '${MARK}'`] };
}

/** PATH from the marked dump, or null when the dump is missing or has no PATH. */
export function parseMarkedPath(output: string): string | null {
  const start = output.indexOf(MARK);
  const end = output.lastIndexOf(MARK);
  if (start < 0 || end <= start) return null;
  const lines = output.slice(start + MARK.length, end).split('\n');
  let path: string | null = null;
  for (const line of lines) if (line.startsWith('PATH=')) path = line.slice(5).trim();
  return path || null;
}

/** The shell's entries first (its order wins), then the ones only the current PATH had; no duplicates or empties. */
export function mergePaths(shellPath: string, currentPath: string, delimiter = ':'): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const dir of [...shellPath.split(delimiter), ...currentPath.split(delimiter)]) {
    if (!dir || seen.has(dir)) continue;
    seen.add(dir);
    out.push(dir);
  }
  return out.join(delimiter);
}

/** Runs the login shell and returns its PATH; null on any failure or after the timeout (never throws). */
export function loginShellPath(shell: string, options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<string | null> {
  const { file, args } = loginShellCommand(shell);
  return new Promise((resolve) => {
    let out = '';
    let settled = false;
    const finish = (path: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(path);
    };
    // Its own process group, so a profile's lingering children die with it at the timeout.
    const child = spawn(file, args, {
      // oh-my-zsh's updater would prompt; a profile reading stdin gets end of file.
      env: { ...(options.env ?? process.env), DISABLE_AUTO_UPDATE: 'true', ZSH_DISABLE_COMPFIX: 'true' },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
      windowsHide: true,
    });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      finish(null);
    }, options.timeoutMs ?? TIMEOUT_MS);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (out.length < 4 * 1024 * 1024) out += chunk;
      // Done once the closing marker is in: a profile's background job may keep the pipe open.
      if (out.indexOf(MARK) !== out.lastIndexOf(MARK)) finish(parseMarkedPath(out));
    });
    child.on('error', () => finish(null));
    child.on('close', () => finish(parseMarkedPath(out)));
  });
}

/**
 * On macOS, when the app was not started from a terminal (Finder, Dock, Spotlight), merge the
 * login shell's PATH into process.env so interpreters spawned later find Homebrew's tools.
 * Returns what changed, for the log.
 */
export async function adoptLoginShellPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<{ before: string; after: string } | null> {
  if (platform !== 'darwin') return null;
  // Started from a terminal (npm start): its PATH already is the shell's; skip the extra shell.
  if (env.TERM_PROGRAM || env.TERM) return null;
  const shell = env.SHELL || '/bin/zsh';
  const found = await loginShellPath(shell, { env });
  if (!found) return null;
  const before = env.PATH ?? '';
  const after = mergePaths(found, before);
  if (after === before) return null;
  env.PATH = after;
  return { before, after };
}
