// The macOS sandbox-exec (Seatbelt) profile, with the intent of the bubblewrap policy: the home folder
// unreadable except the workspace, the block's private home and build folder and the toolchains;
// the app's data folder and the private places of the home never; writes only there and in the
// temporary folders; no keychain and no Unix socket outside; no network when the setting says so.
// In Seatbelt the last matching rule wins, so the hidden paths are denied again after the allows.
// macOS has no PID or user namespace to give: see docs/sandbox.md. Not testable on Linux; its text
// is unit-tested.
import path from 'node:path';
import type { HostLayout } from './hostLayout.js';
import { PRIVATE_IN_HOME, type SandboxSpec } from './sandboxPolicy.js';

const sbString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const subpaths = (dirs: readonly string[]) => dirs.map((d) => `(subpath ${sbString(d)})`).join(' ');

/** Every ancestor of a path: reading their metadata lets programs resolve the allowed folders. */
function ancestors(dirs: readonly string[]): string[] {
  const out = new Set<string>();
  for (const dir of dirs) {
    for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) out.add(d);
  }
  return [...out];
}

const regexQuote = (s: string) => s.replace(/[.*+?^${}()|[\]\\"]/g, '\\$&');

// The keychain and the other credential services are reached over Mach, not files.
const SECRET_SERVICES = ['com.apple.SecurityServer', 'com.apple.securityd', 'com.apple.security.keychaind', 'com.apple.secd', 'com.apple.trustd.agent'];

export function macProfile(spec: SandboxSpec, layout?: Pick<HostLayout, 'home'>): string {
  const home = layout?.home ?? process.env.HOME ?? '/Users';
  const readable = [spec.workspace, ...spec.writable, ...(spec.home ? [spec.home] : []), ...(spec.readOnly ?? [])];
  const writable = [spec.workspace, ...spec.writable, ...(spec.home ? [spec.home] : []), '/private/tmp', '/private/var/folders'];
  const hidden = [...(spec.hidden ?? []), ...PRIVATE_IN_HOME.map((p) => path.join(home, p))];
  return [
    '(version 1)',
    '(allow default)',
    `(deny file-read* (subpath ${sbString(home)}) ${subpaths(hidden)} (literal "/private/etc/master.passwd") (subpath "/private/var/db/sudo"))`,
    `(allow file-read* ${subpaths(readable)})`,
    `(allow file-read-metadata ${ancestors(readable)
      .map((d) => `(literal ${sbString(d)})`)
      .join(' ')})`,
    `(deny file-read* ${subpaths(hidden)})`,
    '(deny file-write*)',
    `(allow file-write* ${subpaths(writable)} (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/ttys[0-9]+$") (regex #"^/dev/fd/"))`,
    // No set-user-ID or set-group-ID bit: a program left with one in the workspace would run with the app user's rights.
    '(deny file-write-setugid)',
    `(deny mach-lookup ${SECRET_SERVICES.map((s) => `(global-name ${sbString(s)})`).join(' ')})`,
    // Unix sockets only inside the block's own folders (a Docker or ssh-agent socket is control of the machine).
    '(deny network-outbound (remote unix-socket))',
    ...readable.map((d) => `(allow network-outbound (remote unix-socket (path-regex #"^${regexQuote(d)}/")))`),
    ...(spec.network ? [] : ['(deny network*)', '(allow network* (local unix))']),
  ].join('\n');
}
