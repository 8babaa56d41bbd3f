// A block's own network (issue 26). With the network on, a block used to share the host's network
// namespace, so every service listening on the host's loopback (an Ollama or Docker API on
// 127.0.0.1) answered it. Now each networked block runs in a network namespace of its own whose
// only way out is slirp4netns, a user-mode network stack in the host's namespace that opens
// ordinary sockets for it, with `--disable-host-loopback`: the namespace's 127.0.0.1 is its own,
// and the gateway (10.0.2.2) does not lead to the host's loopback. The outside and the host's other
// addresses stay reachable, like any other machine's.
//
// The namespace is made and held by a process of the app's (unshare … cat), outside bubblewrap: the
// block joins it (nsenter) and cannot touch its holder. After the block the holder is still in the
// namespace, so the interface's receive counter can be read from /proc/HOLDER/net/dev: the bytes
// the block received from outside, observed rather than judged from its code.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, unlinkSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { findExecutable } from './which.js';

export interface NetworkTools {
  unshare: string;
  nsenter: string;
  slirp4netns: string;
  /** A resolv.conf for the namespace, bound over the host's, where the host's resolvers are all on its loopback (systemd-resolved's 127.0.0.53). */
  resolvConf?: string | null;
}

/** slirp4netns's DNS forwarder: it asks the host's own resolvers, loopback ones included. */
const FORWARDER = '10.0.2.3';
const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || address === '0.0.0.0';

/**
 * The namespace's resolv.conf for the host's `text`, or null when the host's resolvers are reachable
 * from the namespace as they are. Inside, the host's loopback is not the block's: a resolver there
 * (or none named, which means 127.0.0.1) is replaced by slirp4netns's forwarder; search and options stay.
 */
export function namespaceResolvConf(text: string): string | null {
  const servers = [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => m[1]!);
  if (servers.some((s) => !isLoopback(s))) return null;
  const kept = text.split('\n').filter((line) => !/^\s*nameserver\s/.test(line) && line.trim() !== '');
  return [...kept, `nameserver ${FORWARDER}`, ''].join('\n');
}

/**
 * Where the namespace's resolv.conf can be read: a file written and at once unlinked, held open by
 * this process and named /proc/PID/fd/N (as the seccomp filter is), so none is left behind.
 */
function heldFile(text: string): string | null {
  const file = path.join(os.tmpdir(), `agentic-resolv-${randomBytes(8).toString('hex')}`);
  try {
    const fd = openSync(file, 'wx+', 0o600);
    unlinkSync(file);
    writeSync(fd, text, 0);
    return `/proc/${process.pid}/fd/${fd}`;
  } catch {
    return null;
  }
}

/** The namespace's interface, the one slirp4netns makes. */
const TAP = 'tap0';
/** Starting slirp4netns takes tens of ms; past this something is wrong and the block fails. */
const READY_TIMEOUT_MS = 10_000;

/** The three programs, or null where one is missing (then blocks share the host's network, as before). */
export async function findNetworkTools(): Promise<NetworkTools | null> {
  if (process.platform !== 'linux') return null;
  const [unshare, nsenter, slirp4netns] = await Promise.all([findExecutable('unshare'), findExecutable('nsenter'), findExecutable('slirp4netns')]);
  if (!unshare || !nsenter || !slirp4netns) return null;
  const own = namespaceResolvConf(await readFile('/etc/resolv.conf', 'utf8').catch(() => ''));
  return { unshare, nsenter, slirp4netns, resolvConf: own === null ? null : heldFile(own) };
}

export interface BlockNetwork {
  /** Put before bubblewrap's command line: the block joins the namespace. */
  readonly prefix: string[];
  /** Bytes the namespace's interface received (from outside), or null when they cannot be read. */
  receivedBytes(): Promise<number | null>;
  /** Ends the holder and slirp4netns (the namespace goes with them). */
  close(): void;
}

/** The receive-bytes column of `iface` in a /proc/net/dev text, or null. */
export function receivedBytesOf(netDev: string, iface = TAP): number | null {
  for (const line of netDev.split('\n')) {
    const [name, rest] = line.split(':');
    if (name?.trim() !== iface || rest === undefined) continue;
    const bytes = Number(rest.trim().split(/\s+/)[0]);
    return Number.isFinite(bytes) ? bytes : null;
  }
  return null;
}

function firstOutput(child: ChildProcess, stream: NodeJS.ReadableStream | null | undefined, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-500)));
    const timer = setTimeout(() => fail(`${what} did not start within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    const fail = (message: string) => {
      clearTimeout(timer);
      reject(new Error(`${message}${stderr.trim() ? `: ${stderr.trim()}` : ''}`));
    };
    child.once('error', (error) => fail(`${what} could not start (${error.message})`));
    child.once('exit', (code, signal) => fail(`${what} exited (${signal ?? code})`));
    stream?.once('data', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A fresh network namespace with slirp4netns attached and configured (10.0.2.100/24, gateway
 * 10.0.2.2, DNS forwarder 10.0.2.3). The caller must close() it, also when the block fails.
 */
export async function openBlockNetwork(tools: NetworkTools): Promise<BlockNetwork> {
  // The holder: its own user namespace (mapping only the app's uid, to root inside: as root, root;
  // as a user, that user and no other) owning the network namespace; it prints a line once inside
  // and lives until stdin closes, so it also dies with the app. Root inside, because slirp4netns's
  // --enable-sandbox takes gid 0 in that namespace: with a normal user mapped as itself it exits
  // ("setegid(0)"), and every networked block would fall back to the host's network. The block
  // keeps its own uid all the same (bwrap's --uid/--gid: sandbox.ts).
  const holder = spawn(tools.unshare, ['--user', '--map-root-user', '--net', '--', '/bin/sh', '-c', 'echo in; exec cat'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let slirp: ChildProcess | null = null;
  const close = () => {
    holder.stdin?.end();
    if (holder.exitCode === null) holder.kill('SIGKILL');
    if (slirp && slirp.exitCode === null) slirp.kill('SIGKILL');
  };
  try {
    await firstOutput(holder, holder.stdout, 'the network namespace');
    const pid = holder.pid!;
    // --enable-sandbox and --enable-seccomp: the stack parses the block's packets, so it runs in a
    // mount namespace of its own with its system calls filtered. fd 3 says ready, fd 4's end stops it.
    slirp = spawn(
      tools.slirp4netns,
      ['--configure', '--mtu=65520', '--disable-host-loopback', '--enable-sandbox', '--enable-seccomp', '--ready-fd=3', '--exit-fd=4', String(pid), TAP],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    await firstOutput(slirp, slirp.stdio[3] as NodeJS.ReadableStream, 'slirp4netns');
  } catch (error) {
    close();
    throw error;
  }
  const pid = holder.pid!;
  return {
    prefix: [tools.nsenter, `--target=${pid}`, '--user', '--net', '--preserve-credentials', '--'],
    receivedBytes: async () => receivedBytesOf(await readFile(`/proc/${pid}/net/dev`, 'utf8').catch(() => '')),
    close,
  };
}

/** Whether a networked namespace can be made here (run once at detection). */
export async function networkNamespaceWorks(tools: NetworkTools): Promise<boolean> {
  try {
    const net = await openBlockNetwork(tools);
    const ok = (await net.receivedBytes()) !== null;
    net.close();
    return ok;
  } catch {
    return false;
  }
}
