// Runs one command in a pseudo-terminal, inside the sandbox when there is one: streams its output,
// caps it, enforces the time limit and cancellation, and kills the whole process tree at the end.
import { randomUUID } from 'node:crypto';
import { spawn, type IPty } from 'node-pty';
import { blockEnv } from './blockEnv.js';
import { openBlockNetwork, type BlockNetwork } from './blockNetwork.js';
import { OutputCap } from './outputCap.js';
import { memoryBytes } from './memoryCgroup.js';
import { blockCgroups } from './pidsCgroup.js';
import { killTree } from './processTree.js';
import { DEFAULT_LIMITS } from './sandboxPolicy.js';
import { sandboxCommand, type SandboxInfo, type SandboxSpec } from './sandbox.js';
import { checkSpawnHelper } from './spawnHelper.js';

export interface PtyRunOptions {
  file: string;
  args: string[];
  /** Where the command runs (the workspace). */
  cwd: string;
  env?: Record<string, string>;
  sandbox: SandboxInfo;
  /** Writable folders beyond the workspace, and the network switch. */
  sandboxSpec: Omit<SandboxSpec, 'workspace'>;
  timeoutMs: number;
  signal: AbortSignal;
  onOutput?: (data: string) => void;
  outputCap?: number;
  /** Output beyond this many characters is a flood: the process is killed. Default 8× the cap. */
  floodLimit?: number;
}

// End-of-file, queued on the terminal at start: no one will type, so a read from it (an input() the
// refusal check could not see, e.g. in a script run by bash) fails at once instead of hanging.
const EOF_KEYS = '\x04'.repeat(8);

export interface PtyRunResult {
  exitCode: number | null;
  /** The signal that ended it, when one did. */
  signal: number | null;
  timedOut: boolean;
  cancelled: boolean;
  flooded: boolean;
  /** Raw terminal output, capped (see OutputCap). */
  output: string;
  truncated: boolean;
  durationMs: number;
  /** Bytes the block's own network namespace received from outside; null where not observed (no network, or none of its own). */
  networkBytesIn: number | null;
}

/** The block's environment for this sandbox and spec (see blockEnv.ts). */
export function envFor(options: Pick<PtyRunOptions, 'env' | 'sandbox' | 'sandboxSpec'>, marker: string): Record<string, string> {
  const { sandbox, sandboxSpec: spec } = options;
  const sandboxed = sandbox.kind !== 'none';
  const visible = [...(spec.readOnly ?? []), ...(spec.aliases ?? []).map((a) => a.path), ...(spec.home ? [spec.home] : []), ...spec.writable];
  // Without bubblewrap the private home persists whole: Python must not run start-up hooks from it.
  const env = sandbox.kind === 'bubblewrap' ? options.env : { PYTHONNOUSERSITE: '1', ...options.env };
  return blockEnv(env, marker, {
    home: spec.home ?? null,
    sandboxed,
    runsAsNobody: sandbox.kind === 'bubblewrap' && sandbox.layout?.uid === 0,
    visible,
  });
}

/**
 * Linux discards what a terminal still holds when its session leader exits (the hangup flushes it),
 * so a block's last output could be lost before the app read it: a final error line after a large
 * output, one run in four here under load. The process node-pty starts is therefore a small shell
 * that runs the command, prints an end marker (an OSC sequence terminals ignore) and waits until the
 * app, having read up to the marker, answers with a token; only then does it exit with the command's
 * status (128 + N for a signal, as bubblewrap reports it too). It reads at most a few lines, so a closed terminal or stray EOFs (EOF_KEYS) end it too.
 */
const HOLD_SCRIPT = [
  'm=$1; t=$2; g=$3; f=$4; shift 4',
  // Join the block's cgroups first (pids as root, memory), so the command and all it starts count against them.
  'for p in $g; do echo $$ > "$p" || exit 126; done',
  // bwrap reads its seccomp program from fd 3 (node-pty passes no descriptor of its own).
  'if [ -n "$f" ]; then "$@" 3<"$f"; else "$@"; fi; c=$?',
  // The terminal as it was: a block's stty settings (-icrnl, -icanon) would keep the token below from
  // ever reading as a line, and a finished block would run to its time limit.
  'stty sane 2>/dev/null',
  'printf \'\\033]1337;AgenticDone=%s\\007\' "$m"',
  'n=0',
  'while [ $n -lt 24 ]; do IFS= read -r l || l=; case $l in *"$t") break ;; esac; n=$((n+1)); done',
  'exit $c',
].join('\n');

export const holdMarker = (id: string): string => `\x1b]1337;AgenticDone=${id}\x07`;

/**
 * The command wrapped in the hold shell, where there is a POSIX shell. The same shell joins the
 * pids cgroup and opens the seccomp filter, so a block costs one shell, not three.
 */
function held(
  command: { file: string; args: string[] },
  id: string,
  token: string,
  extra: { cgroupProcs: string | null; filter: string | null },
): { file: string; args: string[] } {
  if (process.platform === 'win32') return command;
  return { file: '/bin/sh', args: ['-c', HOLD_SCRIPT, 'agentic-hold', id, token, extra.cgroupProcs ?? '', extra.filter ?? '', command.file, ...command.args] };
}

/** Quiet time after which the output is taken as complete, and the most that waiting may add. */
const TRAILING_QUIET_MS = 15;
const TRAILING_MAX_MS = 300;

/**
 * node-pty can report the exit before the last buffered output has been read (seen as a lost final
 * line after a large output on a loaded machine): keep listening until the terminal has been quiet
 * for a moment.
 */
async function drainTrailingOutput(lastDataAt: () => number): Promise<void> {
  const deadline = performance.now() + TRAILING_MAX_MS;
  while (performance.now() - lastDataAt() < TRAILING_QUIET_MS && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type StopReason = 'timeout' | 'cancel' | 'flood';

/** What a block holds besides its processes: its network namespace and its cgroups. */
interface BlockResources {
  net: BlockNetwork | null;
  cgroup: { procs: string; dispose(): Promise<unknown> } | null;
}

/** The block's network namespace (networked blocks: blockNetwork.ts) and its cgroups; closed again if either fails. */
async function openResources(options: PtyRunOptions, spec: SandboxSpec, treeMarker: string): Promise<BlockResources> {
  const sandboxed = options.sandbox.kind === 'bubblewrap';
  // A networked block gets a network namespace of its own, without the host's loopback.
  const net: BlockNetwork | null = sandboxed && spec.network && options.sandbox.network ? await openBlockNetwork(options.sandbox.network) : null;
  const limits = spec.limits ?? DEFAULT_LIMITS;
  const cgroups = await blockCgroups({ pids: options.sandbox.pidsCgroup, memory: options.sandbox.memoryCgroup }, treeMarker, {
    processes: limits.processes,
    memoryBytes: memoryBytes(limits.memoryMiB),
  }).catch((error: unknown) => {
    net?.close();
    throw error;
  });
  const cgroup = cgroups.length > 0 ? { procs: cgroups.map((c) => c.procs).join(' '), dispose: () => Promise.all(cgroups.map((c) => c.dispose())) } : null;
  return { net, cgroup };
}

/**
 * Passes the terminal's output on (capped) until the hold shell's end marker, then lets that shell
 * exit; a flood stops the block. Returns when data last arrived, for the trailing drain.
 */
function watchOutput(pty: IPty, options: PtyRunOptions, cap: OutputCap, held: { marker: string; token: string }, stop: (reason: StopReason) => void) {
  const floodLimit = options.floodLimit ?? cap.cap * 8;
  let floodNoted = false;
  let lastDataAt = performance.now();
  let recent = '';
  let ended = false;
  const listener = pty.onData((chunk) => {
    lastDataAt = performance.now();
    if (ended) return; // the token's echo, after the end marker
    let data = chunk;
    recent = (recent + chunk).slice(-(held.marker.length * 2));
    const at = recent.indexOf(held.marker);
    if (at >= 0) {
      ended = true;
      // Everything before the marker has been read: let the hold shell exit.
      pty.write(`${held.token}\n`);
      const inChunk = chunk.length - (recent.length - at);
      data = chunk.slice(0, Math.max(0, inChunk));
    }
    const live = cap.push(data);
    if (live !== '') options.onOutput?.(live);
    else if (!floodNoted && cap.truncated) {
      floodNoted = true;
      options.onOutput?.('\r\n[output beyond the cap is not shown]\r\n');
    }
    if (cap.totalLength > floodLimit) stop('flood');
  });
  return { lastDataAt: () => lastDataAt, dispose: () => listener.dispose() };
}

/** Stops the block once, for the first reason: its time limit, a Stop, or a flood of output. */
function stopperOf(pty: IPty, options: PtyRunOptions, treeMarker: string | null) {
  let reason: StopReason | null = null;
  const stop = (why: StopReason) => {
    if (reason !== null) return;
    reason = why;
    // Under bubblewrap, killing bwrap tears down its PID namespace (no marker); otherwise sweep by marker too.
    void killTree(pty.pid, treeMarker);
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const onAbort = () => stop('cancel');
  options.signal.addEventListener('abort', onAbort, { once: true });
  return {
    stop,
    reason: (): StopReason | null => reason,
    /** The block has exited: no limit or Stop applies any more. */
    end() {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    },
  };
}

function notStarted(started: number): PtyRunResult {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: true,
    flooded: false,
    output: '',
    truncated: false,
    durationMs: performance.now() - started,
    networkBytesIn: null,
  };
}

export async function runInPty(options: PtyRunOptions): Promise<PtyRunResult> {
  const started = performance.now();
  const treeMarker = randomUUID();
  const sandboxed = options.sandbox.kind === 'bubblewrap';
  const spec = { ...options.sandboxSpec, workspace: options.cwd };
  if (options.signal.aborted) return notStarted(started);
  checkSpawnHelper(); // macOS: node-pty's helper must be executable (once per process)
  const { net, cgroup } = await openResources(options, spec, treeMarker);
  const release = async () => {
    net?.close();
    await cgroup?.dispose();
  };
  // A Stop while the cgroup was made: the abort listener below would never hear it.
  if (options.signal.aborted) {
    await release();
    return notStarted(started);
  }
  const token = randomUUID();
  const holdId = randomUUID();
  const marker = holdMarker(holdId);
  let command: { file: string; args: string[] } = { file: options.file, args: options.args };
  let pty: IPty;
  try {
    const wrapped = sandboxCommand(options.sandbox, spec, options.file, options.args, net?.prefix);
    command = held(wrapped, holdId, token, { cgroupProcs: cgroup?.procs ?? null, filter: wrapped.filter });
    pty = spawn(command.file, command.args, { name: 'xterm-256color', cols: 120, rows: 32, cwd: options.cwd, env: envFor(options, treeMarker) });
  } catch (error) {
    await release();
    throw new Error(`Could not start ${command.file}: ${(error as Error).message}`, { cause: error });
  }
  pty.write(EOF_KEYS);
  const stopper = stopperOf(pty, options, sandboxed ? null : treeMarker);
  const cap = new OutputCap(options.outputCap);
  const output = watchOutput(pty, options, cap, { marker, token }, stopper.stop);
  const exit = await new Promise<{ exitCode: number; signal?: number }>((resolve) => {
    pty.onExit(resolve);
  });
  stopper.end();
  await drainTrailingOutput(output.lastDataAt);
  output.dispose();
  // Background children (`cmd &`, nohup, setsid) must not outlive the block.
  await killTree(pty.pid, sandboxed ? null : treeMarker);
  // The namespace's holder is still in it: what the block received from outside can be read now.
  const networkBytesIn = net ? await net.receivedBytes() : null;
  net?.close();
  // The kernel may take a moment to empty the cgroup; its removal need not delay the result.
  if (cgroup) void cgroup.dispose();

  const stopReason = stopper.reason();
  return {
    exitCode: stopReason === null ? exit.exitCode : null,
    signal: exit.signal ? exit.signal : null,
    timedOut: stopReason === 'timeout',
    cancelled: stopReason === 'cancel',
    flooded: stopReason === 'flood',
    output: withoutMarker(cap.text(), marker),
    truncated: cap.truncated,
    durationMs: performance.now() - started,
    networkBytesIn,
  };
}

/** The output without the end marker: the part of it an earlier chunk brought may end the text. */
function withoutMarker(text: string, marker: string): string {
  for (let k = Math.min(marker.length, text.length); k > 0; k--) if (text.endsWith(marker.slice(0, k))) return text.slice(0, -k);
  return text;
}
