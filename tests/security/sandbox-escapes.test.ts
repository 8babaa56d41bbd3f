// No privileges inside a block, also when the app runs as root (as here and in CI): no capability, no
// remount of the read-only root, no write outside, no sysctl, no nested user namespace to regain
// capabilities, no controlling terminal to type into, no host process to signal, and one workspace's
// blocks cannot reach another's private home.
import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, context, tempWorkspace, toolFor } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
let other: { dir: string; dispose: () => Promise<void> };
let outside: string;
beforeAll(async () => {
  ws = await tempWorkspace('escape-ws-');
  other = await tempWorkspace('escape-other-');
  outside = await realpath(await mkdtemp(path.join(os.homedir(), '.escape-outside-')));
});
afterAll(async () => {
  await Promise.all([ws.dispose(), other.dispose(), rm(outside, { recursive: true, force: true })]);
});

const bash = async (code: string, dir = ws.dir) => (await toolFor('bash')).run(block('bash', code), context(dir));
const isRoot = process.getuid?.() === 0;

describe('privileges inside a block', () => {
  it('has no capability at all, and runs as nobody when the app is root', async () => {
    const result = await bash("grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb)' /proc/self/status; id -u");
    for (const line of result.output.trim().split('\n').slice(0, 5)) expect(line).toMatch(/:\s+0{16}$/);
    expect(result.output.trim().split('\n').at(-1)).toBe(isRoot ? '65534' : String(process.getuid?.()));
  });

  it('cannot remount the root or /usr read-write, nor mount anything', async () => {
    const result = await bash(
      'mount -o remount,rw / ; echo "rc=$?"; mount -o remount,rw /usr; echo "rc=$?"; mount -t tmpfs none /mnt; echo "rc=$?"; touch /usr/bin/agentic-escape; ls /usr/bin/agentic-escape',
    );
    expect(result.output.match(/rc=(\d+)/g)).toEqual(['rc=32', 'rc=32', 'rc=32']);
    expect(result.output).toMatch(/Read-only file system/);
    expect(result.output).toMatch(/No such file or directory/);
  });

  it('cannot write outside the workspace, not even in a folder of the home the app owns', async () => {
    const result = await bash(`echo x > ${outside}/planted; mkdir -p ${outside}/sub; ls -d ${outside}; echo end`);
    expect(result.output).toMatch(/No such file or directory/);
    expect(await readdir(outside)).toEqual([]);
  });

  it('cannot write kernel settings or trigger sysrq', async () => {
    const result = await bash(
      'v=$(cat /proc/sys/vm/swappiness); echo "$v" > /proc/sys/vm/swappiness; echo "rc=$?"; echo h > /proc/sysrq-trigger; echo "rc=$?"; cat /proc/kcore 2>/dev/null | head -c 20 | wc -c',
    );
    expect(result.output.match(/rc=(\d+)/g)).not.toContain('rc=0');
    expect(result.output).toMatch(/Read-only file system/);
    expect(result.output.trim().split('\n').at(-1)).toBe('0');
  });

  it('cannot create a nested user namespace to regain capabilities', async () => {
    const result = await bash('unshare -U -r -m sh -c "mount -o remount,rw / && echo REMOUNTED"; echo "rc=$?"; unshare -U true; echo "rc=$?"');
    expect(result.output).not.toContain('REMOUNTED');
    expect(result.output.match(/rc=(\d+)/g)).not.toContain('rc=0');
  });

  it('has no controlling terminal (new session: nothing can be typed into the app terminal)', async () => {
    const code =
      'import os, fcntl, termios\ntry:\n    fd = os.open("/dev/tty", os.O_RDWR)\n    fcntl.ioctl(fd, termios.TIOCSTI, b"x")\n    print("INJECTED")\nexcept OSError as e:\n    print("no tty", e.errno)\nprint("sid", os.getsid(0) == os.getpid() or os.getsid(0) != os.getpgid(os.getppid()))';
    const result = await (await toolFor('python')).run(block('python', code), context(ws.dir));
    expect(result.output).toMatch(/^no tty \d+/);
    expect(result.output).not.toContain('INJECTED');
  });

  it('cannot signal or see host processes', async () => {
    const result = await bash(`kill -0 ${process.pid} && echo SIGNALLED || echo refused; kill -0 1 && echo init-is-own; ls /proc | grep -c '^[0-9]'`);
    expect(result.output).toContain('refused');
    expect(Number(result.output.trim().split('\n').at(-1))).toBeLessThan(10);
  });
});

describe('private homes', () => {
  it("keeps each workspace's caches to itself: another workspace's home is not visible", async () => {
    const first = await bash('echo poisoned > "$HOME/.cache/marker"; echo "$HOME"');
    const firstHome = first.output.trim();
    expect(firstHome).not.toBe('');
    const second = await bash(`echo "$HOME"; ls ${firstHome}/.cache/marker; ls -A "$(dirname ${firstHome})"`, other.dir);
    const [secondHome] = second.output.trim().split('\n');
    expect(secondHome).not.toBe(firstHome);
    expect(second.output).toMatch(/No such file or directory/);
    expect(second.output).not.toContain('poisoned');
  });
});
