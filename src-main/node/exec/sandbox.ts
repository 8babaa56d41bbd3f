// The OS sandbox around each block: bubblewrap on Linux, a generated sandbox-exec profile on macOS,
// otherwise none (and blocks run only once the user accepted a warning). See docs/sandbox.md.
import { execFile } from 'node:child_process';
import { findNetworkTools, networkNamespaceWorks, type NetworkTools } from './blockNetwork.js';
import { readHostLayout, type HostLayout } from './hostLayout.js';
import { detectMemoryCgroup } from './memoryCgroup.js';
import { detectPidsCgroup } from './pidsCgroup.js';
import { macProfile } from './seatbelt.js';
import { blockFilterPath } from './seccomp.js';
import { DEFAULT_LIMITS, policyMounts, probeHost, type Mount, type Probe, type SandboxSpec } from './sandboxPolicy.js';
import { findExecutable } from './which.js';

export type SandboxKind = 'bubblewrap' | 'sandbox-exec' | 'none';
export type { SandboxSpec, SandboxLimits } from './sandboxPolicy.js';
export { macProfile } from './seatbelt.js';

export interface SandboxInfo {
  available: boolean;
  kind: SandboxKind;
  /** Shown to the user when blocks run unconfined; null when sandboxed. */
  warning: string | null;
  /** The bwrap or sandbox-exec executable. */
  executable: string | null;
  /** The host's file system facts the policy is built from (read at detection). */
  layout?: HostLayout;
  /** bwrap ≥ 0.8: nested user namespaces can be refused. */
  disableUserns?: boolean;
  /** bwrap ≥ 0.7 can bound a tmpfs (--size); older ones mount /tmp and /dev/shm unbounded. Default: yes. */
  tmpfsSize?: boolean;
  /** util-linux prlimit, which sets the per-block limits (Linux). */
  prlimit?: string | null;
  /** As root: where per-block pids cgroups are made (RLIMIT_NPROC does not bind uid 0); null where none can be. */
  pidsCgroup?: string | null;
  /** Where per-block memory cgroups are made (memoryCgroup.ts); null where none can be. */
  memoryCgroup?: string | null;
  /** bwrap: the seccomp program's path (Unix sockets, keyrings, io_uring, set-ID modes: seccomp.ts); null where it cannot load. */
  seccomp?: string | null;
  /** bwrap: unshare, nsenter and slirp4netns, with which a networked block gets its own network namespace (blockNetwork.ts); null: it shares the host's. */
  network?: NetworkTools | null;
}

const NONE = (warning: string, layout?: HostLayout): SandboxInfo => ({ available: false, kind: 'none', warning, executable: null, ...(layout ? { layout } : {}) });

function run(file: string, args: string[]): Promise<{ ok: boolean; text: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 10_000 }, (error, stdout, stderr) => resolve({ ok: error === null, text: `${stdout}${stderr}` }));
  });
}

/** The namespace and privilege options, the same for every block. `ownNetwork`: it joins its network namespace's user namespace first. */
function privilegeArgs(layout: HostLayout | undefined, disableUserns: boolean, ownNetwork = false): string[] {
  const args = ['--unshare-user'];
  // As root, the block runs as nobody inside its own user namespace, with no capability at all.
  if (layout?.uid === 0) args.push('--uid', '65534', '--gid', '65534');
  // As a user, in its network namespace's user namespace (where that user is root: blockNetwork.ts), it keeps its own ids.
  else if (ownNetwork && layout && layout.uid > 0 && process.getgid) args.push('--uid', String(layout.uid), '--gid', String(process.getgid()));
  if (disableUserns) args.push('--disable-userns');
  args.push('--cap-drop', 'ALL', '--new-session', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try', '--die-with-parent');
  return args;
}

/** Finds a working sandbox; bwrap is tried for real with the full privilege set, since user namespaces may be disabled. */
export async function detectSandbox(): Promise<SandboxInfo> {
  if (process.platform === 'linux') {
    const [bwrap, prlimit, layout, pidsCgroup, memoryCgroup, networkTools] = await Promise.all([
      findExecutable('bwrap'),
      findExecutable('prlimit'),
      readHostLayout(),
      detectPidsCgroup(),
      detectMemoryCgroup(),
      findNetworkTools(),
    ]);
    if (!bwrap) return NONE("bubblewrap (bwrap) is not installed: code blocks would run without a sandbox, with your user's full rights.", layout);
    const help = await run(bwrap, ['--help']);
    const disableUserns = help.text.includes('--disable-userns');
    const probe = [...privilegeArgs(layout, disableUserns), '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--', 'true'];
    const ok = await run(bwrap, probe);
    if (!ok.ok)
      return NONE(
        `bubblewrap cannot create an unprivileged user namespace here (${ok.text.trim().slice(0, 200) || 'disabled?'}): code blocks would run without a sandbox.`,
        layout,
      );
    const tmpfsSize = help.text.includes('--size');
    const filter = blockFilterPath();
    const filtered = filter ? withFilter(filter, { file: bwrap, args: ['--seccomp', String(FILTER_FD), ...probe] }) : null;
    const seccomp = filtered && (await run(filtered.file, filtered.args)).ok ? filter : null;
    const network = networkTools && (await networkNamespaceWorks(networkTools)) ? networkTools : null;
    return { available: true, kind: 'bubblewrap', warning: null, executable: bwrap, layout, disableUserns, tmpfsSize, prlimit, pidsCgroup, memoryCgroup, seccomp, network };
  }
  if (process.platform === 'darwin') {
    const sandboxExec = await findExecutable('sandbox-exec');
    if (sandboxExec) return { available: true, kind: 'sandbox-exec', warning: null, executable: sandboxExec, layout: await readHostLayout() };
    return NONE('sandbox-exec was not found: code blocks would run without a sandbox.');
  }
  return NONE(`No sandbox is available on ${process.platform}: code blocks would run without a sandbox, with your user's full rights.`);
}

const MIB = 1024 * 1024;

function mountArgs(m: Mount, sized: boolean): string[] {
  switch (m.kind) {
    case 'ro':
      return ['--ro-bind', m.path, m.path];
    case 'rw':
      return ['--bind', m.path, m.path];
    case 'tmpfs':
      return [...(m.sizeMiB && sized ? ['--size', String(m.sizeMiB * MIB)] : []), '--tmpfs', m.path];
    case 'mask':
      // An empty folder made read-only, or the empty file /dev/null read-only.
      // (A folder that a later mount lies in stays a writable tmpfs: its mount point is made there.)
      if (!m.dir) return ['--ro-bind', '/dev/null', m.path];
      return m.holdsMount ? ['--tmpfs', m.path] : ['--perms', '0000', '--tmpfs', m.path, '--remount-ro', m.path];
    case 'symlink':
      return ['--symlink', m.target, m.path];
    case 'proc':
      return ['--proc', m.path];
    case 'dev':
      return ['--dev', m.path];
  }
}

const FALLBACK_LAYOUT: HostLayout = { home: '/nonexistent', uid: -1, topLevel: {}, etcMasks: [], resolvConf: null, procMasked: [], procReadOnly: [] };

/**
 * bubblewrap arguments: its own user (no capability, nobody as root), PID, IPC, UTS and cgroup
 * namespaces, a new session (no typing into the app's terminal), death with its parent, the
 * allow-listed mounts, a read-only root, and no network when the setting says so.
 */
export function bwrapArgs(spec: SandboxSpec, info: Pick<SandboxInfo, 'layout' | 'disableUserns' | 'tmpfsSize' | 'network'> = {}, probe: Probe = probeHost): string[] {
  const layout = info.layout ?? FALLBACK_LAYOUT;
  const args = privilegeArgs(info.layout, info.disableUserns ?? false, spec.network && !!info.network);
  if (!spec.network) args.push('--unshare-net');
  for (const m of policyMounts(layout, spec, probe)) args.push(...mountArgs(m, info.tmpfsSize ?? true));
  // In its own network namespace (ptyRun joins it), a resolver on the host's loopback is out of reach: slirp4netns's forwarder instead.
  const resolv = spec.network ? info.network?.resolvConf : null;
  if (resolv) args.push('--ro-bind', resolv, layout.resolvConf ?? '/etc/resolv.conf');
  // The sandbox's own root (a tmpfs holding the mount points) is read-only too.
  args.push('--remount-ro', '/', '--chdir', spec.workspace);
  return args;
}

/** prlimit options for the per-block limits (processes, private memory per process). */
export function limitArgs(spec: SandboxSpec): string[] {
  const limits = spec.limits ?? DEFAULT_LIMITS;
  return [`--nproc=${limits.processes}`, `--data=${limits.memoryMiB * MIB}`, '--core=0', '--'];
}

/** The descriptor bubblewrap reads the seccomp program from. */
const FILTER_FD = 3;

/**
 * The command with the filter file open as FILTER_FD: a shell opens it and execs the command, since
 * node-pty passes no descriptor beyond the terminal. (bwrap closes it after reading.)
 */
function withFilter(filter: string, command: { file: string; args: string[] }): { file: string; args: string[] } {
  return { file: '/bin/sh', args: ['-c', `f=$1; shift; exec "$@" ${FILTER_FD}<"$f"`, 'agentic-seccomp', filter, command.file, ...command.args] };
}

/**
 * The command that runs `file args` inside the sandbox (only the limits without one). `filter`: the
 * seccomp program's file, which the caller must open as fd 3 for bwrap (ptyRun's hold shell does).
 * `netPrefix`: a networked block's own network namespace (blockNetwork.ts), joined before bwrap.
 */
export function sandboxCommand(
  info: SandboxInfo,
  spec: SandboxSpec,
  file: string,
  args: string[],
  netPrefix: string[] = [],
): { file: string; args: string[]; filter: string | null } {
  const limited = info.prlimit ? [info.prlimit, ...limitArgs(spec), file, ...args] : [file, ...args];
  if (info.kind === 'bubblewrap' && info.executable) {
    // Every block, with the network or without: see seccomp.ts for what the filter refuses.
    const filter = info.seccomp ?? null;
    const bwrap = [info.executable, ...(filter ? ['--seccomp', String(FILTER_FD)] : []), ...bwrapArgs(spec, info), '--', ...limited];
    const line = spec.network ? [...netPrefix, ...bwrap] : bwrap;
    return { file: line[0]!, args: line.slice(1), filter };
  }
  if (info.kind === 'sandbox-exec' && info.executable) return { file: info.executable, args: ['-p', macProfile(spec, info.layout), file, ...args], filter: null };
  return { file: limited[0]!, args: limited.slice(1), filter: null };
}

/** The same as one self-contained command line (a shell opens the filter): what `--explain` shows. */
export function wrapCommand(info: SandboxInfo, spec: SandboxSpec, file: string, args: string[], netPrefix: string[] = []): { file: string; args: string[] } {
  const command = sandboxCommand(info, spec, file, args, netPrefix);
  return command.filter ? withFilter(command.filter, command) : { file: command.file, args: command.args };
}
