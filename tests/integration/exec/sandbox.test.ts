// The bubblewrap boundaries, tested from inside real blocks.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, codeTools, context, tempWorkspace, toolFor } from './setup.js';
import { outsideHost } from '../../helpers/outsideHost.js';

let ws: { dir: string; dispose: () => Promise<void> };
let outside: string;
let server: Server;
let port: number;

beforeAll(async () => {
  ws = await tempWorkspace();
  // Not under /tmp (the sandbox's private /tmp hides it anyway): /var is not shown to blocks at all.
  outside = await mkdtemp(path.join('/var/tmp', 'exec-outside-'));
  server = createServer((socket) => {
    // A probe that closes at once resets the connection; that is not a failure of the test.
    socket.on('error', () => {});
    socket.end('hello from the host\n');
  });
  await new Promise<void>((resolve) => server.listen(0, outsideHost(), resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.close();
  await rm(outside, { recursive: true, force: true });
  await ws.dispose();
});

const bash = async (code: string, options: { network?: boolean } = {}) => (await toolFor('bash', options)).run(block('bash', code), context(ws.dir));

describe('bubblewrap sandbox', () => {
  it('lets a block write in the workspace; a folder outside it does not even exist there', async () => {
    const result = await bash(`echo in > inside.txt && cat inside.txt\necho out > ${outside}/escaped.txt`);
    expect(result.output).toMatch(/^in\n/);
    expect(result.output).toMatch(/No such file or directory/);
    expect(result.status).toBe('failed');
    expect(await readdir(outside)).toEqual([]);
  });

  it('cannot modify the read-only system folders, nor create anything at the root', async () => {
    const result = await bash('touch /usr/agentic-probe; touch /etc/agentic-probe; mkdir /agentic-probe; echo done');
    expect(result.output.match(/Read-only file system/g)?.length).toBe(3);
    expect(existsSync('/usr/agentic-probe') || existsSync('/etc/agentic-probe') || existsSync('/agentic-probe')).toBe(false);
  });

  it('gives each block a private /tmp that vanishes with it', async () => {
    const marker = `private-${Date.now()}`;
    await bash(`touch /tmp/${marker}`);
    expect(await readdir(os.tmpdir())).not.toContain(marker);
    expect((await bash(`ls /tmp/${marker}`)).status).toBe('failed');
  });

  it('runs the block in its own PID namespace: host processes are invisible', async () => {
    const result = await bash(`ls /proc | grep -c '^[0-9]' ; kill -0 ${process.pid} && echo host-visible || echo host-hidden`);
    const [count] = result.output.trim().split('\n');
    expect(Number(count)).toBeLessThan(10);
    expect(result.output).toContain('host-hidden');
  });

  it("reaches a server on this machine's address with network on, and cannot with network off", async () => {
    const probe = `import socket\ns = socket.create_connection(("${outsideHost()}", ${port}), timeout=3)\nprint(s.recv(100).decode().strip())`;
    const on = await (await toolFor('python', { network: true })).run(block('python', probe), context(ws.dir));
    expect(on).toMatchObject({ status: 'ok', output: 'hello from the host\n' });
    const off = await (await toolFor('python', { network: false })).run(block('python', probe), context(ws.dir));
    expect(off.status).toBe('failed');
    expect(off.output).toMatch(/ConnectionRefused|Network is unreachable|OSError|timed out/);
  });
});

describe('runtimes under the default limits', () => {
  it('runs Node (which reserves far more address space than the memory limit) from a bash block', async () => {
    const result = await bash('node -e "console.log(21 * 2)"');
    expect(result).toMatchObject({ status: 'ok', output: '42\n' });
  });
});

describe('settings read at each block', () => {
  it('applies a network switch change to the next block without recreating the tools', async () => {
    let network = true;
    const { tools } = await codeTools({ network: () => network });
    const python = tools.find((t) => t.definition.tag === 'python')!;
    const probe = `import socket\nsocket.create_connection(("${outsideHost()}", ${port}), timeout=3).close()\nprint("connected")`;
    expect((await python.run(block('python', probe), context(ws.dir))).status).toBe('ok');
    network = false;
    expect((await python.run(block('python', probe), context(ws.dir))).status).toBe('failed');
  });
});

describe('block environment', () => {
  it('hides the app credentials from blocks and points the temp folder at the private /tmp', async () => {
    process.env.AGENTIC_TEST_API_KEY = 'sk-should-not-leak';
    try {
      const result = await (await toolFor('python')).run(block('python', 'import os\nprint(os.environ.get("AGENTIC_TEST_API_KEY"), os.environ["TMPDIR"])'), context(ws.dir));
      expect(result.output).toBe('None /tmp\n');
    } finally {
      delete process.env.AGENTIC_TEST_API_KEY;
    }
  });

  it('answers a missing workspace with a clear error', async () => {
    const result = await (await toolFor('python')).run(block('python', 'print(1)'), context(path.join(ws.dir, 'nope')));
    expect(result).toMatchObject({ status: 'error', feedback: expect.stringMatching(/does not exist/) });
  });
});
