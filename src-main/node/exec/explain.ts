// The effective sandbox policy of a workspace, as `agentic sandbox --explain` prints it: built by the
// same functions the code tools run (specFor, policyMounts, envFor, wrapCommand), so what it shows is
// what a block gets.
import os from 'node:os';
import { DECLARED_CACHES, hiddenPaths, policyMounts, type Mount } from './sandboxPolicy.js';
import { specFor, type SpecOptions } from './blockSpec.js';
import { envFor } from './ptyRun.js';
import { wrapCommand, type SandboxInfo } from './sandbox.js';

export interface SandboxExplanation {
  kind: string;
  available: boolean;
  warning: string | null;
  /** Whether blocks run at all here (no sandbox: only once the user accepted it). */
  blocksRun: boolean;
  identity: string;
  privileges: string[];
  /** The workspace's real path: the one checked, bound and shown to blocks. */
  workspace: string;
  /** The path as given, when it is a link or holds one (it resolves to `workspace`). */
  workspaceGiven?: string;
  privateHome: string;
  network: string;
  mounts: Mount[];
  hidden: string[];
  env: Record<string, string>;
  limits: { processes: number; processLimit: string; memoryMiB: number; memoryLimit: string; tmpMiB: number; tmpLimit?: string };
  /** The command line a block's program runs under (PROGRAM stands for it). */
  command: string[];
}

const MARKER = '<a fresh id per block>';

function processLimitHow(options: SpecOptions): string {
  const { sandbox } = options;
  if (!sandbox.prlimit && sandbox.kind !== 'sandbox-exec') return 'not enforced: prlimit (util-linux) was not found';
  if (sandbox.layout?.uid === 0)
    return sandbox.pidsCgroup
      ? `a pids cgroup per block under ${sandbox.pidsCgroup}`
      : 'NOT enforced: the app runs as root (exempt from RLIMIT_NPROC) and no pids cgroup can be made here';
  return 'RLIMIT_NPROC (counted per user namespace on Linux ≥ 5.14)';
}

export async function explainSandbox(options: SpecOptions & { allowUnsandboxed: boolean }, workspace: string): Promise<SandboxExplanation> {
  const { sandbox } = options;
  const spec = { ...(await specFor(options, workspace)), writable: ['<the block build folder under the system temp folder>'] };
  const limits = spec.limits!;
  const bwrap = sandbox.kind === 'bubblewrap';
  const root = sandbox.layout?.uid === 0;
  const env = envFor({ sandbox, sandboxSpec: spec }, MARKER);
  return {
    kind: sandbox.kind,
    available: sandbox.available,
    warning: sandbox.warning,
    blocksRun: sandbox.kind !== 'none' || options.allowUnsandboxed,
    identity: bwrap
      ? root
        ? 'nobody (uid 65534) in its own user namespace; the app runs as root'
        : `your uid (${sandbox.layout?.uid ?? '?'}) in its own user namespace`
      : 'your user',
    privileges: bwrap
      ? [
          'no capability (--cap-drop ALL)',
          sandbox.disableUserns ? 'no nested user namespace (--disable-userns)' : 'nested user namespaces possible (bwrap < 0.8)',
          'new session: no controlling terminal',
          'own PID, IPC, UTS and cgroup namespaces',
          'no_new_privs and nosuid binds: set-user-ID programs give nothing',
          sandbox.seccomp
            ? 'seccomp: no set-user-ID or set-group-ID bit can be set, no kernel keyring (keyctl, add_key, request_key), no io_uring, no Unix socket'
            : 'NO seccomp filter could be loaded here: set-ID bits, keyrings and Unix sockets are not refused',
          'dies with the app',
        ]
      : sandbox.kind === 'sandbox-exec'
        ? ['Seatbelt profile (macOS has no PID or user namespace)']
        : ['none: no sandbox'],
    workspace: spec.workspace,
    ...(spec.workspace !== workspace ? { workspaceGiven: workspace } : {}),
    privateHome: spec.home!,
    network: spec.network
      ? `on: a block can reach the network and send what it can read (which is why it can read no secret); ${ownNamespace(sandbox)}${unixSockets(sandbox)}`
      : `off: own empty network namespace; ${sandbox.seccomp ? "Unix sockets refused too (seccomp), so a host daemon's socket in the workspace is unusable" : "NO seccomp filter: a host daemon's Unix socket inside the workspace is reachable"}`,
    mounts: bwrap ? policyMounts(sandbox.layout!, spec) : [],
    hidden: [...hiddenPaths(sandbox.layout ?? { home: os.homedir() }, spec), 'everything else not listed in the mounts'],
    env,
    limits: {
      processes: limits.processes,
      processLimit: processLimitHow(options),
      memoryMiB: limits.memoryMiB,
      memoryLimit: memoryHow(sandbox),
      tmpMiB: limits.tmpMiB,
      ...(bwrap && sandbox.tmpfsSize === false ? { tmpLimit: 'NOT enforced: this bwrap is older than 0.7 (no --size)' } : {}),
    },
    command: (() => {
      const c = wrapCommand(sandbox, spec, 'PROGRAM', [], netPrefix(sandbox));
      return [c.file, ...c.args];
    })(),
  };
}

function memoryHow(sandbox: SandboxInfo): string {
  const perProcess = sandbox.prlimit
    ? 'RLIMIT_DATA: private writable memory per process (address-space reservations of the JVM, Go and V8 are not counted)'
    : 'per process: not enforced (prlimit was not found)';
  if (sandbox.kind === 'bubblewrap' && sandbox.memoryCgroup)
    return `one budget for the whole block: a memory cgroup under ${sandbox.memoryCgroup} (shared memory and the files of /tmp, /dev/shm and the private home included); and ${perProcess}`;
  return `${perProcess}; NO memory cgroup can be made here, so shared memory beyond /dev/shm (memfd, SysV, MAP_SHARED) is not bounded`;
}

/** Where a networked block's packets go: its own namespace behind slirp4netns, or the host's (blockNetwork.ts). */
function ownNamespace(sandbox: SandboxInfo): string {
  if (sandbox.kind !== 'bubblewrap') return "it shares the host's network, so services on the host's loopback (127.0.0.1) ARE reachable; ";
  if (sandbox.network)
    return (
      "its own network namespace behind slirp4netns (--disable-host-loopback): the outside and this machine's other addresses are reachable, " +
      "the host's loopback (127.0.0.1, an Ollama or Docker API) is not, not even through the gateway 10.0.2.2; " +
      'the bytes it receives are counted on its interface, and any taints the session; '
    );
  return (
    "it shares the host's network namespace (slirp4netns, unshare or nsenter is missing, or a namespace could not be made): " +
    "services on the host's loopback (127.0.0.1, an Ollama or Docker API) ARE reachable, and whether it read from the network is judged from its code; "
  );
}

/** The command line that joins a block's own network namespace, as --explain shows it. */
const netPrefix = (sandbox: SandboxInfo): string[] =>
  sandbox.network ? [sandbox.network.nsenter, '--target=<the namespace holder of the block>', '--user', '--net', '--preserve-credentials', '--'] : [];

/** What a block with the network can do with Unix sockets (the host's abstract ones share its network namespace). */
function unixSockets(sandbox: SandboxInfo): string {
  if (sandbox.kind !== 'bubblewrap') return 'Unix sockets outside the folders a block can read are refused by the profile';
  return sandbox.seccomp
    ? "Unix sockets are refused (seccomp), so the host's abstract ones (X11, D-Bus) are out of reach; socketpair() works"
    : "NO seccomp filter could be loaded here: the host's abstract Unix sockets (X11, some D-Bus buses) are reachable";
}

const mountLine = (m: Mount): string => {
  const what = { ro: 'read-only', rw: 'read-write', tmpfs: 'empty tmpfs', mask: 'masked', symlink: 'link', proc: 'procfs', dev: 'devices' }[m.kind];
  const extra = m.kind === 'tmpfs' && m.sizeMiB ? ` (${m.sizeMiB} MiB)` : m.kind === 'symlink' ? ` → ${m.target}` : '';
  return `  ${what.padEnd(11)} ${m.path}${extra}  — ${m.why}`;
};

export function formatExplanation(e: SandboxExplanation): string {
  const lines = [
    `Sandbox: ${e.kind}${e.available ? '' : ' (none available)'}`,
    ...(e.warning ? [`Warning: ${e.warning}`] : []),
    `Blocks run: ${e.blocksRun ? 'yes' : 'no (no sandbox; Settings → Sandbox → "Run blocks without a sandbox" accepts the risk)'}`,
    `Runs as: ${e.identity}`,
    ...e.privileges.map((p) => `  - ${p}`),
    `Workspace (read-write): ${e.workspace}${e.workspaceGiven ? ` (given as ${e.workspaceGiven}, resolved before any check)` : ''}`,
    `Private home (HOME): ${e.privateHome}, an empty tmpfs for each block but for its caches (${DECLARED_CACHES.join(', ')})`,
    `Network: ${e.network}`,
    'Limits:',
    `  processes  ${e.limits.processes}  — ${e.limits.processLimit}`,
    `  memory     ${e.limits.memoryMiB} MiB  — ${e.limits.memoryLimit}`,
    `  /tmp, /dev/shm  ${e.limits.tmpMiB} MiB each${e.limits.tmpLimit ? `  — ${e.limits.tmpLimit}` : ''}`,
    ...(e.mounts.length ? ['File system (in order; a later line covers an earlier one):', ...e.mounts.map(mountLine)] : []),
    'Never visible:',
    ...e.hidden.map((h) => `  ${h}`),
    'Environment (allow-list; nothing else of the app passes):',
    ...Object.entries(e.env).map(([k, v]) => `  ${k}=${v}`),
    "  (plus each language's own: PYTHONPATH with the workspace, GOCACHE and GOPATH in the private home, GOPROXY)",
  ];
  return lines.join('\n');
}
