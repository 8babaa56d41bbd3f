// The OS sandbox around each block: bubblewrap on Linux, a generated sandbox-exec profile on macOS,
// otherwise none (and a warning the UI shows). See docs/sandbox.md for why not sandbox-runtime.
import { execFile } from 'node:child_process';
import { findExecutable } from './which.js';

export type SandboxKind = 'bubblewrap' | 'sandbox-exec' | 'none';

export interface SandboxInfo {
  available: boolean;
  kind: SandboxKind;
  /** Shown to the user when blocks run unconfined; null when sandboxed. */
  warning: string | null;
  /** The bwrap or sandbox-exec executable. */
  executable: string | null;
}

export interface SandboxSpec {
  workspace: string;
  /** Extra writable folders (the block's private build folder, the Go build cache). */
  writable: string[];
  network: boolean;
}

const NONE = (warning: string): SandboxInfo => ({ available: false, kind: 'none', warning, executable: null });

function runs(file: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 10_000 }, (error) => resolve(error === null));
  });
}

/** Finds a working sandbox; bwrap is tried for real, since user namespaces may be disabled. */
export async function detectSandbox(): Promise<SandboxInfo> {
  if (process.platform === 'linux') {
    const bwrap = await findExecutable('bwrap');
    if (!bwrap) return NONE('bubblewrap (bwrap) is not installed: code blocks run without a sandbox, with your user\'s full rights.');
    const ok = await runs(bwrap, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--die-with-parent', '--', 'true']);
    if (!ok) return NONE('bubblewrap is installed but cannot create namespaces here (user namespaces disabled?): code blocks run without a sandbox.');
    return { available: true, kind: 'bubblewrap', warning: null, executable: bwrap };
  }
  if (process.platform === 'darwin') {
    const sandboxExec = await findExecutable('sandbox-exec');
    if (sandboxExec) return { available: true, kind: 'sandbox-exec', warning: null, executable: sandboxExec };
    return NONE('sandbox-exec was not found: code blocks run without a sandbox.');
  }
  return NONE(`No sandbox is available on ${process.platform}: code blocks run without a sandbox, with your user's full rights.`);
}

/**
 * bubblewrap arguments: the whole file system read-only, /dev and /proc fresh, a private /tmp, the
 * workspace and the given folders writable, its own PID (and IPC) namespace so that nothing survives
 * the block, death with its parent, and no network when the setting says so.
 */
export function bwrapArgs(spec: SandboxSpec): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  // Binds after --tmpfs /tmp, so a build folder under the host's /tmp reappears inside the private one.
  for (const dir of [spec.workspace, ...spec.writable]) args.push('--bind', dir, dir);
  args.push('--unshare-pid', '--unshare-ipc', '--die-with-parent', '--chdir', spec.workspace);
  if (!spec.network) args.push('--unshare-net');
  return args;
}

const sbString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A sandbox-exec (Seatbelt) profile with the same intent; macOS has no PID namespace to give. */
export function macProfile(spec: SandboxSpec): string {
  const writable = [spec.workspace, ...spec.writable, '/private/tmp', '/private/var/folders'].map((d) => `(subpath ${sbString(d)})`);
  return [
    '(version 1)',
    '(allow default)',
    '(deny file-write*)',
    `(allow file-write* ${writable.join(' ')} (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/ttys[0-9]+$") (regex #"^/dev/fd/"))`,
    ...(spec.network ? [] : ['(deny network*)', '(allow network* (local unix))']),
  ].join('\n');
}

/** The command line that runs `file args` inside the sandbox (unchanged without one). */
export function wrapCommand(info: SandboxInfo, spec: SandboxSpec, file: string, args: string[]): { file: string; args: string[] } {
  if (info.kind === 'bubblewrap' && info.executable) return { file: info.executable, args: [...bwrapArgs(spec), '--', file, ...args] };
  if (info.kind === 'sandbox-exec' && info.executable) return { file: info.executable, args: ['-p', macProfile(spec), file, ...args] };
  return { file, args };
}
