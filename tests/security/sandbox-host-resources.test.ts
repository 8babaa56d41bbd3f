// Host resources closed (issue 26): the kernel keyrings (a block's session keyring was the app's),
// and with the network switched off, a host daemon's Unix socket inside the workspace (socket files
// are reached through the file system, whatever the network namespace). The seccomp filter refuses
// keyctl, add_key and request_key, and Unix sockets in every block. The controls run the same block
// without the filter. Also: the filter is read through /proc/PID/fd, so no /tmp/agentic-seccomp-*
// folder is left by a killed app.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeTools, detectSandbox, type SandboxInfo } from '../../src-main/node/exec/index.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
let sandbox: SandboxInfo;
let daemon: net.Server;
let accepted = 0;
beforeAll(async () => {
  ws = await tempWorkspace('host-res-');
  sandbox = await detectSandbox();
  daemon = net.createServer((s) => {
    accepted++;
    s.end('DAEMON-CONTROL\n');
  });
  await new Promise<void>((resolve) => daemon.listen(path.join(ws.dir, 'daemon.sock'), resolve));
});
afterAll(async () => {
  daemon.close();
  await ws.dispose();
});

async function python(info: SandboxInfo, code: string, network = false): Promise<string> {
  const tools = await createCodeTools({ sandbox: info, network });
  return (await tools.tools.find((t) => t.definition.tag === 'python')!.run(block('python', code), context(ws.dir))).output;
}

// keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0) and add_key("user", …, session keyring).
const KEYS = `
import ctypes, platform
libc = ctypes.CDLL(None, use_errno=True)
nr = {"x86_64": (250, 248), "aarch64": (219, 217)}[platform.machine()]
r = libc.syscall(nr[0], 0, -3, 0)
print("KEYCTL", r, ctypes.get_errno())
r = libc.syscall(nr[1], b"user", b"agentic-test", b"x", 1, -3)
print("ADDKEY", r, ctypes.get_errno())
`;
const SOCKET = `
import socket
try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect("daemon.sock")
    print("REACHED", s.recv(100).decode().strip())
except OSError as e:
    print("REFUSED", e.errno)
`;

describe.skipIf(process.platform !== 'linux')('host resources a block cannot reach', () => {
  it('control: without the filter a block reads and writes the session keyring', async () => {
    const out = await python({ ...sandbox, seccomp: null }, KEYS);
    expect(out).toMatch(/KEYCTL \d+ /);
    expect(out).not.toMatch(/KEYCTL -1 1\b/);
  });

  it('refuses keyctl and add_key (EPERM)', async () => {
    const out = await python(sandbox, KEYS);
    expect(out).toMatch(/KEYCTL -1 1\b/);
    expect(out).toMatch(/ADDKEY -1 1\b/);
  });

  it("control: with the network off and no filter, a host daemon's socket in the workspace answers", async () => {
    const before = accepted;
    expect(await python({ ...sandbox, seccomp: null }, SOCKET)).toContain('REACHED DAEMON-CONTROL');
    expect(accepted).toBe(before + 1);
  });

  it("with the network off, a host daemon's socket in the workspace is unusable", async () => {
    const before = accepted;
    const out = await python(sandbox, SOCKET);
    expect(out).toMatch(/REFUSED 1\b/);
    expect(accepted).toBe(before);
  });

  it('a killed app leaves no seccomp file or folder in the temp folder', async () => {
    const tmp = os.tmpdir();
    const seccompEntries = async () => (await readdir(tmp)).filter((n) => n.startsWith('agentic-seccomp-'));
    const before = await seccompEntries();
    const script = `import('${path.resolve('src-main/node/exec/sandbox.ts')}').then(async (m) => { const i = await m.detectSandbox(); console.log(i.seccomp); setInterval(() => {}, 1000); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
    expect(line).toMatch(/^\/proc\/\d+\/fd\/\d+$/);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect((await seccompEntries()).filter((n) => !before.includes(n))).toEqual([]);
  });
});
