// What the sandbox must know about this machine's file system, read once at start: which top-level
// system folders are links (/bin → usr/bin), which entries of /etc only their owner may read (they
// are masked: a block of an app running as root would otherwise read /etc/shadow as its owner),
// which /proc entries exist to be masked, and where /etc/resolv.conf really lives.
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface HostLayout {
  /** The user's home folder (made an empty tmpfs inside the sandbox). */
  home: string;
  /** The app's own uid: 0 is mapped to nobody inside the sandbox. */
  uid: number;
  /** Top-level system folders: a link's target, or null for a real folder. Missing ones are absent. */
  topLevel: Record<string, string | null>;
  /** Entries of /etc that others may not read: files and folders, masked inside the sandbox. */
  etcMasks: { path: string; dir: boolean }[];
  /** /etc/resolv.conf's real file when it lies outside /etc and /usr (systemd-resolved's stub). */
  resolvConf: string | null;
  /** /proc entries that exist on this kernel among those masked or made read-only. */
  procMasked: string[];
  procReadOnly: string[];
}

export const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc'];
/** Always masked, whatever their mode says (copies and locks of the password databases). */
const ETC_SECRETS = ['shadow', 'shadow-', 'gshadow', 'gshadow-', 'sudoers', 'security/opasswd', 'ssl/private'];
// Docker's list: kernel memory, keys, timers and sysrq (a root-owned block could reboot the host).
const PROC_MASKED = ['kcore', 'kmsg', 'keys', 'key-users', 'timer_list', 'sched_debug', 'latency_stats', 'sysrq-trigger', 'kpagecgroup', 'kpagecount', 'kpageflags'];
// Sysctls are checked against the host uid: a block of an app running as root could write them.
const PROC_READ_ONLY = ['sys', 'bus', 'fs', 'irq', 'acpi', 'scsi'];
const MAX_ETC_ENTRIES = 20_000;

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

async function topLevel(): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const dir of SYSTEM_DIRS.filter((d) => d !== '/etc')) {
    const info = await lstat(dir).catch(() => null);
    if (!info) continue;
    if (info.isSymbolicLink()) out[dir] = await readlink(dir);
    else if (info.isDirectory()) out[dir] = null;
  }
  return out;
}

/** Files and folders under /etc that others cannot read (or enter), without descending into them. */
async function etcMasks(root = '/etc'): Promise<{ path: string; dir: boolean }[]> {
  const masks = new Map<string, boolean>();
  let seen = 0;
  const pending = [root];
  while (pending.length > 0 && seen < MAX_ETC_ENTRIES) {
    const dir = pending.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      seen++;
      if (entry.isSymbolicLink()) continue;
      const full = path.join(dir, entry.name);
      const info = await lstat(full).catch(() => null);
      if (!info) continue;
      if (info.isDirectory()) {
        if ((info.mode & 0o005) !== 0o005) masks.set(full, true);
        else pending.push(full);
      } else if (info.isFile() && (info.mode & 0o004) === 0) masks.set(full, false);
    }
  }
  for (const name of ETC_SECRETS) {
    const full = path.join(root, name);
    const info = await stat(full).catch(() => null);
    if (info && !masks.has(full)) masks.set(full, info.isDirectory());
  }
  return [...masks].map(([p, dir]) => ({ path: p, dir })).sort((a, b) => a.path.localeCompare(b.path));
}

async function resolvConf(): Promise<string | null> {
  const real = await realpath('/etc/resolv.conf').catch(() => null);
  if (!real || real.startsWith('/etc/') || real.startsWith('/usr/')) return null;
  return real;
}

export async function readHostLayout(): Promise<HostLayout> {
  const [top, masks, resolv, procMasked, procReadOnly] = await Promise.all([
    topLevel(),
    etcMasks(),
    resolvConf(),
    Promise.all(PROC_MASKED.map(async (n) => ((await exists(`/proc/${n}`)) ? `/proc/${n}` : null))),
    Promise.all(PROC_READ_ONLY.map(async (n) => ((await exists(`/proc/${n}`)) ? `/proc/${n}` : null))),
  ]);
  return {
    // Resolved: the home's tmpfs and masks must lie where bubblewrap binds (Silverblue's /home is a link).
    home: await realpath(os.homedir()).catch(() => os.homedir()),
    uid: process.getuid?.() ?? -1,
    topLevel: top,
    etcMasks: masks,
    resolvConf: resolv,
    procMasked: procMasked.filter((p): p is string => p !== null),
    procReadOnly: procReadOnly.filter((p): p is string => p !== null),
  };
}
