import { describe, expect, it } from 'vitest';
import type { HostLayout } from './hostLayout.js';
import { bwrapArgs, limitArgs, macProfile, wrapCommand, type SandboxInfo } from './sandbox.js';
import { policyMounts, type Probe } from './sandboxPolicy.js';
import { unsafeWorkspace } from './workspacePolicy.js';

const layout: HostLayout = {
  home: '/home/u',
  uid: 1000,
  topLevel: { '/bin': 'usr/bin', '/lib': 'usr/lib', '/lib64': null },
  etcMasks: [
    { path: '/etc/shadow', dir: false },
    { path: '/etc/ssl/private', dir: true },
  ],
  resolvConf: '/run/systemd/resolve/stub-resolv.conf',
  procMasked: ['/proc/kcore'],
  procReadOnly: ['/proc/sys'],
};
const spec = {
  workspace: '/home/u/ws',
  writable: ['/tmp/agentic-block-1'],
  network: true,
  home: '/home/u/.agentic-sandbox/homes/abc',
  readOnly: ['/home/u/.pyenv', '/usr/lib/jvm/x'],
  hidden: ['/home/u/.agentic'],
};
const all: Probe = (p) => (p.endsWith('.netrc') ? 'file' : 'dir');
const joined = (args: string[]) => args.join(' ');

describe('bwrapArgs', () => {
  const args = bwrapArgs(spec, { layout, disableUserns: true }, all);

  it('drops every privilege: own user namespace without capabilities, new session, own PID/IPC/UTS, no nested namespaces', () => {
    const text = joined(args);
    for (const flag of ['--unshare-user', '--disable-userns', '--cap-drop ALL', '--new-session', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent'])
      expect(text).toContain(flag);
    expect(text).not.toContain('--uid 65534');
    expect(joined(bwrapArgs(spec, { layout: { ...layout, uid: 0 } }))).toContain('--uid 65534 --gid 65534');
  });

  it("as a user joining its network namespace (where that user is root), keeps the user's own ids; root stays nobody", () => {
    const network = { unshare: '/usr/bin/unshare', nsenter: '/usr/bin/nsenter', slirp4netns: '/usr/bin/slirp4netns' };
    expect(joined(bwrapArgs(spec, { layout, network }))).toContain(`--uid 1000 --gid ${process.getgid?.()}`);
    expect(joined(bwrapArgs({ ...spec, network: false }, { layout, network }))).not.toContain('--uid');
    expect(joined(bwrapArgs(spec, { layout: { ...layout, uid: 0 }, network }))).toContain('--uid 65534 --gid 65534');
  });

  it('shows the system from an allow-list, never the whole root', () => {
    const text = joined(args);
    expect(text).not.toContain('--ro-bind / /');
    expect(text).toContain('--ro-bind /usr /usr');
    expect(text).toContain('--symlink usr/bin /bin');
    expect(text).toContain('--ro-bind /lib64 /lib64');
    expect(text).toContain('--ro-bind /dev/null /etc/shadow');
    expect(text).toContain('--tmpfs /etc/ssl/private --remount-ro /etc/ssl/private');
    expect(text).toContain('--ro-bind /run/systemd/resolve/stub-resolv.conf /run/systemd/resolve/stub-resolv.conf');
    expect(text).toContain('--ro-bind /proc/sys /proc/sys');
    expect(text).toContain('--ro-bind /dev/null /proc/kcore');
    expect(text).toMatch(/--remount-ro \/ --chdir \/home\/u\/ws$/);
  });

  it('empties the home, then shows the toolchain read-only, a fresh private home with its caches, the build folder and workspace read-write', () => {
    const text = joined(args);
    expect(text).toContain('--size 16777216 --tmpfs /home/u');
    expect(text).toContain('--ro-bind /home/u/.pyenv /home/u/.pyenv');
    expect(text).not.toContain('/usr/lib/jvm/x /usr/lib/jvm/x'); // already inside /usr
    expect(text).toContain('--bind /home/u/ws /home/u/ws');
    // The private home is fresh per block: a tmpfs, with only the declared caches bound in.
    expect(text).not.toContain(`--bind ${spec.home} ${spec.home}`);
    expect(text).toContain(`--tmpfs ${spec.home} --bind ${spec.home}/.cache/pip ${spec.home}/.cache/pip`);
    expect(args.indexOf('/tmp/agentic-block-1')).toBeGreaterThan(args.lastIndexOf('/tmp'));
    expect(args.indexOf('/home/u/ws')).toBeGreaterThan(args.indexOf('/home/u'));
  });

  it('bounds the private /tmp and /dev/shm', () => {
    const text = joined(bwrapArgs({ ...spec, limits: { processes: 64, memoryMiB: 100, tmpMiB: 8 } }, { layout }));
    expect(text).toContain('--size 8388608 --tmpfs /dev/shm');
    expect(text).toContain('--size 8388608 --tmpfs /tmp');
  });

  it('leaves --size out where bwrap is too old for it (it would refuse to start)', () => {
    expect(bwrapArgs(spec, { layout, tmpfsSize: false }, all)).not.toContain('--size');
  });

  it('cuts the network when the setting is off', () => {
    expect(args).not.toContain('--unshare-net');
    expect(bwrapArgs({ ...spec, network: false }, { layout })).toContain('--unshare-net');
  });
});

describe('policyMounts', () => {
  it('masks the private places a shown folder contains (a workspace set to the home folder)', () => {
    const mounts = policyMounts(layout, { ...spec, workspace: '/home/u' }, all);
    const masked = mounts.filter((m) => m.kind === 'mask').map((m) => m.path);
    for (const p of ['/home/u/.ssh', '/home/u/.config', '/home/u/.agentic', '/home/u/.docker', '/home/u/.netrc']) expect(masked).toContain(p);
    expect(mounts.find((m) => m.path === '/home/u/.netrc')).toMatchObject({ dir: false });
    // The private home is bound after the masks, so it stays reachable even under a masked folder.
    const homeAt = mounts.findIndex((m) => m.path === spec.home);
    expect(homeAt).toBeGreaterThan(mounts.findIndex((m) => m.path === '/home/u/.ssh'));
  });

  it('never shows a toolchain folder that lies inside a hidden one, nor one that does not exist', () => {
    const mounts = policyMounts(layout, { ...spec, readOnly: ['/home/u/.config/tool', '/home/u/gone'] }, (p) => (p.endsWith('gone') ? null : 'dir'));
    expect(mounts.map((m) => m.path)).not.toContain('/home/u/.config/tool');
    expect(mounts.map((m) => m.path)).not.toContain('/home/u/gone');
  });
});

describe('unsafeWorkspace', () => {
  it('refuses the root, system folders and folders holding the home', () => {
    expect(unsafeWorkspace('/', layout)).toMatch(/root/);
    expect(unsafeWorkspace('/usr/share', layout)).toMatch(/system/);
    expect(unsafeWorkspace('/home', layout)).toMatch(/home/);
    expect(unsafeWorkspace('/home/u/project', layout)).toBeNull();
  });

  it("refuses the home folder itself, its private places and the app's own folders, contained or containing", () => {
    expect(unsafeWorkspace('/home/u', layout)).toMatch(/is your home folder/);
    expect(unsafeWorkspace('/home/u/.ssh', layout)).toMatch(/private place/);
    expect(unsafeWorkspace('/home/u/.config/app/x', layout)).toMatch(/private place/);
    expect(unsafeWorkspace('/data/app', layout, ['/data/app'])).toMatch(/is \/data\/app, a folder of the app/);
    expect(unsafeWorkspace('/data/app/workspace', layout, ['/data/app'])).toBeNull(); // the CLI's default workspace
    expect(unsafeWorkspace('/data', layout, ['/data/app'])).toMatch(/contains \/data\/app/);
    expect(unsafeWorkspace('/var', layout)).toMatch(/contains the system folder \/var\/run/);
    expect(unsafeWorkspace('/srv/project', layout, ['/data/app'])).toBeNull();
  });
});

describe('macProfile', () => {
  it('denies reading the home except the shown folders, and hides private places again after the allows', () => {
    const profile = macProfile({ ...spec, network: false }, { home: '/home/u' });
    const lines = profile.split('\n');
    const allowRead = lines.findIndex((l) => l.startsWith('(allow file-read* '));
    expect(lines.findIndex((l) => l.startsWith('(deny file-read* (subpath "/home/u")'))).toBeLessThan(allowRead);
    expect(lines.findLastIndex((l) => l.startsWith('(deny file-read*') && l.includes('"/home/u/.ssh"'))).toBeGreaterThan(allowRead);
    expect(profile).toContain('(subpath "/home/u/.agentic")');
    expect(profile).toContain('(deny file-write*)');
    expect(profile).toContain('(deny network*)');
    expect(profile).toContain('(deny mach-lookup');
    expect(profile.indexOf('(deny file-write-setugid)')).toBeGreaterThan(profile.indexOf('(allow file-write*'));
    expect(profile).toContain('(deny network-outbound (remote unix-socket))');
    expect(macProfile(spec, { home: '/home/u' })).not.toContain('(deny network*)');
  });

  it('escapes quotes in paths so a folder name cannot end the profile string', () => {
    expect(macProfile({ ...spec, workspace: '/x/a"b' })).toContain('(subpath "/x/a\\"b")');
  });
});

describe('wrapCommand', () => {
  const info = (kind: SandboxInfo['kind'], executable: string | null, prlimit: string | null = null): SandboxInfo => ({
    available: kind !== 'none',
    kind,
    warning: null,
    executable,
    layout,
    prlimit,
  });

  it('puts the limits and then the command after bwrap arguments and --', () => {
    const wrapped = wrapCommand(info('bubblewrap', '/usr/bin/bwrap', '/usr/bin/prlimit'), spec, 'python3', ['x.py']);
    expect(wrapped.file).toBe('/usr/bin/bwrap');
    const at = wrapped.args.indexOf('--', wrapped.args.indexOf('--chdir'));
    expect(wrapped.args.slice(at)).toEqual(['--', '/usr/bin/prlimit', ...limitArgs(spec), 'python3', 'x.py']);
    expect(limitArgs({ ...spec, limits: { processes: 50, memoryMiB: 1, tmpMiB: 1 } })).toEqual(['--nproc=50', '--data=1048576', '--core=0', '--']);
  });

  it('runs sandbox-exec with the profile, and only the limits without a sandbox', () => {
    expect(wrapCommand(info('sandbox-exec', '/usr/bin/sandbox-exec'), spec, 'python3', []).args[0]).toBe('-p');
    expect(wrapCommand(info('none', null), spec, 'python3', ['a'])).toEqual({ file: 'python3', args: ['a'] });
    expect(wrapCommand(info('none', null, '/usr/bin/prlimit'), spec, 'python3', ['a']).file).toBe('/usr/bin/prlimit');
  });
});
