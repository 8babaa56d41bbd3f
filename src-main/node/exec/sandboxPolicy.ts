// The sandbox's file system, built from an allow-list: the system folders read-only (with /etc's
// secrets masked), fresh /proc and /dev, private /tmp and /dev/shm of bounded size, the home folder
// an empty tmpfs, and inside it only the toolchains (read-only), the block's private home, its build
// folder and the workspace (read-write). Whatever is not listed does not exist for a block: the
// app's data folder, ~/.ssh, host sockets under /run and /var/run, other users' homes.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { SANDBOX_LIMITS } from '../../common/settings.js';
import type { HostLayout } from './hostLayout.js';

export interface SandboxLimits {
  /** Processes and threads of the block (RLIMIT_NPROC; a pids cgroup as root). */
  processes: number;
  /** Private writable memory per process, MiB (RLIMIT_DATA). */
  memoryMiB: number;
  /** Size of the private /tmp and of /dev/shm each, MiB. */
  tmpMiB: number;
}

/** The block limits a user set in Settings → Sandbox. */
export function limitsOf(s: { maxProcesses: number; memoryMiB: number; tmpMiB: number }): SandboxLimits {
  return { processes: s.maxProcesses, memoryMiB: s.memoryMiB, tmpMiB: s.tmpMiB };
}

/** The settings schema's defaults, so the limits a block gets without settings are the ones Settings shows. */
export const DEFAULT_LIMITS: SandboxLimits = limitsOf({
  maxProcesses: SANDBOX_LIMITS.maxProcesses.default,
  memoryMiB: SANDBOX_LIMITS.memoryMiB.default,
  tmpMiB: SANDBOX_LIMITS.tmpMiB.default,
});

export interface SandboxSpec {
  workspace: string;
  /** Extra writable folders (the block's private build folder). */
  writable: string[];
  network: boolean;
  /** The block's private home (read-write, HOME points at it); not the app's data folder. */
  home?: string;
  /** Toolchain folders shown read-only. */
  readOnly?: string[];
  /**
   * Toolchain folders as given where a link leads to them (pyenv under a linked /home): shown as a
   * link to the resolved folder, so the executables' given paths work while only the resolved,
   * checked folder is bound.
   */
  aliases?: { path: string; target: string }[];
  /** Folders never shown, even when they lie inside a shown one (the app's data folder, other homes). */
  hidden?: string[];
  limits?: SandboxLimits;
}

export type Mount =
  | { kind: 'ro' | 'rw'; path: string; why: string }
  | { kind: 'tmpfs'; path: string; sizeMiB: number | null; why: string }
  /** A file replaced by an empty one, a folder by an empty read-only one. */
  | { kind: 'mask'; path: string; dir: boolean; why: string; /** Left writable: a later mount lies inside it. */ holdsMount?: boolean }
  | { kind: 'symlink'; path: string; target: string; why: string }
  | { kind: 'proc' | 'dev'; path: string; why: string };

/** Private places in a home folder, hidden even when the workspace or a toolchain folder contains them. */
export const PRIVATE_IN_HOME = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.config',
  '.docker',
  '.kube',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.password-store',
  '.local/share/keyrings',
  '.mozilla',
  '.pki',
  '.cache',
  '.bash_history',
  'snap',
  'Library',
];
const HOME_TMPFS_MIB = 16;

const isInside = (root: string, p: string) => p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);
const systemVisible = (p: string) => ['/usr', '/etc'].some((d) => isInside(d, p));

/** The folders a block must never see, for this spec and host. */
export function hiddenPaths(layout: Pick<HostLayout, 'home'>, spec: SandboxSpec): string[] {
  return [...(spec.hidden ?? []), ...PRIVATE_IN_HOME.map((p) => path.join(layout.home, p)), '/run', '/var/run', '/tmp/.X11-unix'];
}

function systemMounts(layout: HostLayout): Mount[] {
  const mounts: Mount[] = [{ kind: 'ro', path: '/usr', why: 'system programs and libraries' }];
  for (const [dir, target] of Object.entries(layout.topLevel)) {
    if (dir === '/usr') continue;
    mounts.push(target === null ? { kind: 'ro', path: dir, why: 'system folder' } : { kind: 'symlink', path: dir, target, why: 'system link' });
  }
  mounts.push({ kind: 'ro', path: '/etc', why: 'system configuration' });
  for (const m of layout.etcMasks) mounts.push({ kind: 'mask', path: m.path, dir: m.dir, why: 'readable only by its owner on the host (a secret)' });
  if (layout.resolvConf) mounts.push({ kind: 'ro', path: layout.resolvConf, why: 'name resolution (/etc/resolv.conf points here)' });
  return mounts;
}

function kernelMounts(layout: HostLayout, limits: SandboxLimits): Mount[] {
  return [
    { kind: 'proc', path: '/proc', why: 'processes of this block only (own PID namespace)' },
    ...layout.procReadOnly.map((p): Mount => ({ kind: 'ro', path: p, why: 'kernel settings, read-only' })),
    ...layout.procMasked.map((p): Mount => ({ kind: 'mask', path: p, dir: false, why: 'kernel memory, keys and triggers' })),
    { kind: 'dev', path: '/dev', why: 'null, zero, random, tty and a private pts only' },
    { kind: 'tmpfs', path: '/dev/shm', sizeMiB: limits.tmpMiB, why: 'private shared memory' },
    { kind: 'tmpfs', path: '/tmp', sizeMiB: limits.tmpMiB, why: 'private temporary folder, gone with the block' },
  ];
}

/**
 * Caches kept in a workspace's private home from block to block; all else there is fresh per block.
 * Nothing in them runs by itself: Python's user site (usercustomize, .pth files), shell and Git
 * configuration, Go's env file or Node's ~/.node_modules would, and are not kept.
 */
export const DECLARED_CACHES = ['.cache/pip', '.cache/go-build', '.cache/gopath/pkg/mod'];

/** The block's private home: an empty tmpfs each time, with the declared caches bound in. */
function homeMounts(home: string, limits: SandboxLimits, probe: Probe): Mount[] {
  const caches = DECLARED_CACHES.map((c) => path.join(home, c)).filter((c) => probe(c) === 'dir');
  return [
    { kind: 'tmpfs', path: home, sizeMiB: limits.tmpMiB, why: "the block's private home (HOME): fresh for each block, so nothing planted there runs later" },
    ...caches.map((c): Mount => ({ kind: 'rw', path: c, why: 'a declared cache of the private home, kept between blocks' })),
  ];
}

/** What is at a host path: the sandbox binds only what exists (bwrap would create the rest). */
export type Probe = (p: string) => 'dir' | 'file' | null;
export const probeHost: Probe = (p) => {
  try {
    return lstatSync(p).isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
};

/** Every mount, in order (a later one covers an earlier one). */
export function policyMounts(layout: HostLayout, spec: SandboxSpec, probe: Probe = probeHost): Mount[] {
  const limits = spec.limits ?? DEFAULT_LIMITS;
  const hidden = hiddenPaths(layout, spec);
  const mounts = [...systemMounts(layout), ...kernelMounts(layout, limits)];
  if (!systemVisible(layout.home)) mounts.push({ kind: 'tmpfs', path: layout.home, sizeMiB: HOME_TMPFS_MIB, why: 'your home folder: empty here' });
  const shown: string[] = [];
  // Outer folders first, so that a folder inside one already shown is not bound twice.
  for (const root of [...(spec.readOnly ?? [])].sort((a, b) => a.length - b.length)) {
    // A toolchain folder inside a hidden one stays hidden (its block fails, visibly) rather than showing the rest.
    // One holding the whole home folder (node at ~/bin/node: its prefix is the home) is not shown either.
    if (systemVisible(root) || isInside(root, layout.home) || hidden.some((h) => isInside(h, root)) || shown.some((s) => isInside(s, root)) || probe(root) === null) continue;
    shown.push(root);
    mounts.push({ kind: 'ro', path: root, why: 'toolchain, read-only' });
  }
  for (const alias of spec.aliases ?? []) {
    // Only where nothing shown or hidden lies: a link cannot be made inside a read-only bind.
    const clear = (p: string) => !systemVisible(p) && ![...shown, spec.workspace, ...hidden].some((d) => isInside(d, p) || isInside(p, d));
    if (shown.includes(alias.target) && clear(alias.path)) mounts.push({ kind: 'symlink', path: alias.path, target: alias.target, why: 'toolchain, as given (a link)' });
  }
  mounts.push({ kind: 'rw', path: spec.workspace, why: 'the workspace' });
  // What a shown folder contains of the hidden ones (a workspace set to the home folder, say) is masked.
  const bound = [...shown, spec.workspace];
  for (const h of hidden) {
    if (!bound.some((b) => isInside(b, h) && b !== h)) continue;
    const what = probe(h);
    const holdsMount = [spec.home ?? '', ...spec.writable].some((p) => p !== '' && isInside(h, p));
    if (what !== null) mounts.push({ kind: 'mask', path: h, dir: what === 'dir', why: 'private: hidden inside a shown folder', ...(holdsMount ? { holdsMount } : {}) });
  }
  if (spec.home) mounts.push(...homeMounts(spec.home, limits, probe));
  for (const dir of spec.writable) mounts.push({ kind: 'rw', path: dir, why: "the block's build folder" });
  return mounts;
}
