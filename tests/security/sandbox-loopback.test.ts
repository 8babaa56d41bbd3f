// Host loopback services (issue 26): with the network on, a block shared the host's network
// namespace, so a service listening on the host's 127.0.0.1 (an Ollama or Docker API) answered it.
// A networked block now runs in a network namespace of its own behind slirp4netns with the host's
// loopback cut off (src-main/node/exec/blockNetwork.ts). The control runs the same block with the
// namespace off (`network: null`, today's fallback where slirp4netns is missing) and reaches the
// service. A server on this machine's non-loopback address is still reached: the network works.
// Also: what the block received is observed on its interface, and taints by that (not by its code).
import { rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_SOURCE } from '../../src-main/core/approval/networkReads.js';
import type { ToolResult } from '../../src-main/core/ports.js';
import { namespaceResolvConf } from '../../src-main/node/exec/blockNetwork.js';
import { createCodeTools, detectSandbox, type SandboxInfo } from '../../src-main/node/exec/index.js';
import { taintingReadsOf } from '../../src-main/node/workspace/untrusted.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';
import { NO_TUN_REASON, tunOpenable } from '../helpers/netTun.js';

let ws: { dir: string; dispose: () => Promise<void> };
let sandbox: SandboxInfo;
const servers: net.Server[] = [];
let loopbackPort = 0;
let lanPort = 0;
/** This machine's first non-loopback IPv4 address (null: none, the reachability half is skipped). */
const lanAddress =
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? null;

function listen(host: string, reply: string): Promise<number> {
  const server = net.createServer((s) => s.end(reply));
  servers.push(server);
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port)));
}

beforeAll(async () => {
  ws = await tempWorkspace('loopback-');
  sandbox = await detectSandbox();
  loopbackPort = await listen('127.0.0.1', 'HOST-LOOPBACK-SERVICE\n');
  if (lanAddress) lanPort = await listen(lanAddress, 'LAN-SERVICE\n');
});
afterAll(async () => {
  for (const s of servers) s.close();
  await ws.dispose();
});

const connect = (host: string, port: number) => `
import socket
try:
    s = socket.create_connection((${JSON.stringify(host)}, ${port}), timeout=5)
    print("REACHED", s.recv(100).decode().strip())
except OSError as e:
    print("UNREACHABLE", type(e).__name__)
`;

async function python(info: SandboxInfo, code: string): Promise<ToolResult> {
  const tools = await createCodeTools({ sandbox: info, network: true });
  return tools.tools.find((t) => t.definition.tag === 'python')!.run(block('python', code), context(ws.dir));
}

const linux = process.platform === 'linux';
/** Whether slirp4netns can make the block's interface for this user (netTun.ts); where not, only the own-namespace tests skip. */
const tun = tunOpenable();
describe.skipIf(!linux)('a networked block does not reach the host loopback', () => {
  it('detects slirp4netns, unshare and nsenter (CI installs slirp4netns)', ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    expect(sandbox.kind).toBe('bubblewrap');
    expect(sandbox.network?.slirp4netns).toMatch(/slirp4netns$/);
  });

  it.runIf(!tun)('where /dev/net/tun cannot be opened by this user, detection falls back and --explain says the host loopback is reachable', async () => {
    expect(sandbox.network).toBeNull();
    const e = await (await createCodeTools({ sandbox, network: true })).explain(ws.dir);
    expect(e.network).toMatch(/shares the host's network namespace.*127\.0\.0\.1.* ARE reachable/);
  });

  it('control: sharing the host network namespace, a block reaches a service on 127.0.0.1', async () => {
    const out = (await python({ ...sandbox, network: null }, connect('127.0.0.1', loopbackPort))).output;
    expect(out).toContain('REACHED HOST-LOOPBACK-SERVICE');
  });

  it('in its own namespace, neither 127.0.0.1 nor the gateway leads to the host loopback', async ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    const direct = (await python(sandbox, connect('127.0.0.1', loopbackPort))).output;
    expect(direct).toContain('UNREACHABLE');
    expect(direct).not.toContain('HOST-LOOPBACK');
    const gateway = (await python(sandbox, connect('10.0.2.2', loopbackPort))).output;
    expect(gateway).toContain('UNREACHABLE');
    expect(gateway).not.toContain('HOST-LOOPBACK');
  });

  it.skipIf(!lanAddress)("still reaches this machine's non-loopback address: the network works", async ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    const result = await python(sandbox, connect(lanAddress!, lanPort));
    expect(result.output).toContain('REACHED LAN-SERVICE');
    expect(result.networkBytesIn).toBeGreaterThan(0);
  });
});

describe('name resolution in the own namespace', () => {
  it("replaces a resolver on the host's loopback (systemd-resolved) by slirp4netns's forwarder, keeping search and options", () => {
    const own = namespaceResolvConf('# stub\nnameserver 127.0.0.53\noptions edns0 trust-ad\nsearch lan\n');
    expect(own).toBe('# stub\noptions edns0 trust-ad\nsearch lan\nnameserver 10.0.2.3\n');
    expect(namespaceResolvConf('')).toBe('nameserver 10.0.2.3\n');
    expect(namespaceResolvConf('nameserver 10.255.255.53\n')).toBeNull();
    expect(namespaceResolvConf('nameserver 127.0.0.1\nnameserver 192.0.2.53\n')).toBeNull();
  });

  // A DNS query for example.com, sent by hand (no resolver library's cache or fallbacks in the way).
  const QUERY = `
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(5)
s.sendto(bytes.fromhex("123401000001000000000000076578616d706c6503636f6d0000010001"), ("10.0.2.3", 53))
print("ANSWER", s.recv(512)[:2].hex())
print(open("/etc/resolv.conf").read())
`;
  it.skipIf(!linux)('a block gets the namespace resolv.conf and the forwarder answers', async ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    const file = path.join(ws.dir, '..', `resolv-${process.pid}.conf`);
    writeFileSync(file, 'nameserver 10.0.2.3\n');
    const forced = { ...sandbox, network: { ...sandbox.network!, resolvConf: file } };
    const out = (await python(forced, QUERY).finally(() => rmSync(file, { force: true }))).output;
    expect(out).toContain('ANSWER 1234');
    expect(out).toContain('nameserver 10.0.2.3');
  });
});

describe.skipIf(!linux)('agentic sandbox --explain says which network a block gets', () => {
  it('its own namespace behind slirp4netns, joined with nsenter', async ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    const e = await (await createCodeTools({ sandbox, network: true })).explain(ws.dir);
    expect(e.network).toMatch(/own network namespace behind slirp4netns/);
    expect(e.network).toMatch(/loopback \(127\.0\.0\.1, an Ollama or Docker API\) is not/);
    expect(e.command.join(' ')).toMatch(/nsenter --target=\S.* --user --net --preserve-credentials -- \S*bwrap /);
  });

  it('the fallback, where slirp4netns is missing: the host loopback is reachable, and it says so', async () => {
    const e = await (await createCodeTools({ sandbox: { ...sandbox, network: null }, network: true })).explain(ws.dir);
    expect(e.network).toMatch(/shares the host's network namespace.*127\.0\.0\.1.* ARE reachable/);
    expect(e.command.join(' ')).not.toContain('nsenter');
  });
});

describe.skipIf(!linux)('network taint is observed on the block interface', () => {
  // Reads from the network with no client named in its code: the code judgement cannot see it.
  const hidden = () => `
m = __import__("".join(["so", "ck", "et"]))
c = getattr(m, "create_" + "connection")((${JSON.stringify(lanAddress)}, ${lanPort}), 5)
print("GOT", c.recv(100).decode().strip())
`;
  const tainting = async (info: SandboxInfo) => {
    const tools = await createCodeTools({ sandbox: info, network: true });
    return taintingReadsOf(
      tools.tools.find((t) => t.definition.tag === 'python')!,
      () => [],
      () => true,
    );
  };

  it.skipIf(!lanAddress)('a block that received data taints the session, whatever its code says', async ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    const result = await (await tainting(sandbox)).run(block('python', hidden()), context(ws.dir));
    expect(result.output).toContain('GOT LAN-SERVICE');
    expect(result.untrusted).toBe(NETWORK_SOURCE);
  });

  it.skipIf(!lanAddress)('control: judged from its code (no namespace), the same block leaves the session untainted', async () => {
    const result = await (await tainting({ ...sandbox, network: null })).run(block('python', hidden()), context(ws.dir));
    expect(result.output).toContain('GOT LAN-SERVICE');
    expect(result.networkBytesIn).toBeUndefined();
    expect(result.untrusted).toBeUndefined();
  });

  it('a block that received nothing does not taint, though its code names a client', async ({ skip }) => {
    skip(!tun, NO_TUN_REASON);
    const result = await (await tainting(sandbox)).run(block('python', 'print("curl and requests are installed")'), context(ws.dir));
    expect(result.status).toBe('ok');
    expect(result.networkBytesIn).toBe(0);
    expect(result.untrusted).toBeUndefined();
  });
});
