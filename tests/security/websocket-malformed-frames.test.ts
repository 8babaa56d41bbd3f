// A client holding the token sends frames `ws` must refuse. Each one must close that connection
// only: the process stays up and the next client's valid request is answered.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../src-main/common/contract.js';
import { MAX_MESSAGE_BYTES, startWebServer, type WebServer } from '../../src-main/hosts/web/server.js';
import { silentLogger } from '../../src-main/node/logger.js';

let server: WebServer;
const warnings: string[] = [];
// vitest catches an unhandled 'error' itself (the bare process would exit); the logged warning shows the handler ran.
const logger = { ...silentLogger, warn: (message: string) => void warnings.push(message) };

beforeAll(async () => {
  // Only the command the test calls; dispatch answers any other name with UNKNOWN_COMMAND.
  const handlers = { 'session.list': async () => [] } as unknown as Handlers;
  server = await startWebServer({ handlers, subscribe: () => () => {}, staticDir: '/nonexistent', logger });
});
afterAll(() => server.close());

/** Opens a raw TCP connection and completes the WebSocket handshake with the token. */
async function handshake(): Promise<{ socket: Socket; received: Buffer[]; closed: Promise<void> }> {
  const socket = connect(server.port, '127.0.0.1');
  const received: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  const host = `127.0.0.1:${server.port}`;
  socket.write(
    `GET /bridge?token=${server.token} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
      const rest = Buffer.from(head.slice(end + 4), 'latin1');
      if (rest.length) received.push(rest);
      socket.on('data', (c: Buffer) => received.push(c));
      resolve();
    };
    socket.on('data', onData);
  });
  return { socket, received, closed };
}

interface FrameOptions {
  opcode?: number;
  fin?: boolean;
  rsv?: number;
  mask?: boolean;
  /** Announce this payload length instead of the real one. */
  announced?: number;
}

function frame(payload: Buffer, o: FrameOptions = {}): Buffer {
  const length = o.announced ?? payload.length;
  const first = ((o.fin ?? true) ? 0x80 : 0) | ((o.rsv ?? 0) << 4) | (o.opcode ?? 1);
  const maskBit = (o.mask ?? true) ? 0x80 : 0;
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, maskBit | length]);
  else if (length < 65536) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(maskBit | 126, 1);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(maskBit | 127, 1);
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!(o.mask ?? true)) return Buffer.concat([header, payload]);
  // A zero key leaves the payload as is: the megabytes of the oversized case need no per-byte work.
  const key = payload.length > 65536 ? Buffer.alloc(4) : randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ key[i % 4]!));
  return Buffer.concat([header, key, masked]);
}

/** The close code in the server's close frame, if it sent one. */
function closeCode(received: Buffer[]): number | null {
  const all = Buffer.concat(received);
  for (let i = 0; i + 1 < all.length;) {
    const opcode = all[i]! & 0x0f;
    let len = all[i + 1]! & 0x7f;
    let at = i + 2;
    if (len === 126) {
      len = all.readUInt16BE(at);
      at += 2;
    } else if (len === 127) {
      len = Number(all.readBigUInt64BE(at));
      at += 8;
    }
    if (opcode === 8) return len >= 2 ? all.readUInt16BE(at) : null;
    i = at + len;
  }
  return null;
}

async function waitForText(received: Buffer[], text: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while (!Buffer.concat(received).toString('utf8').includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return Buffer.concat(received).toString('utf8');
}

/** A fresh client sends a valid request and gets its answer. */
async function validRequestIsAnswered(): Promise<void> {
  const { socket, received } = await handshake();
  socket.write(frame(Buffer.from(JSON.stringify({ id: 7, command: 'session.list', input: {} }))));
  const text = await waitForText(received, '"id":7');
  socket.destroy();
  expect(text).toContain('"id":7');
  expect(text).toContain('"ok":true');
}

const closeFrame = (code: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(code, 0);
  return b;
};

const CASES: [string, () => Buffer, number][] = [
  ['an oversized frame', () => frame(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20)), 1009],
  ['an oversized announced length', () => frame(Buffer.alloc(0), { announced: 2 ** 53 - 1 }).subarray(0, 14), 1009],
  ['invalid UTF-8 in a text frame', () => frame(Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d])), 1007],
  ['RSV bits set', () => frame(Buffer.from('{}'), { rsv: 0b011 }), 1002],
  ['an unmasked client frame', () => frame(Buffer.from('{}'), { mask: false }), 1002],
  ['an invalid close code', () => frame(closeFrame(1005), { opcode: 8 }), 1002],
  ['a reserved opcode', () => frame(Buffer.from('x'), { opcode: 3 }), 1002],
  ['a fragmented control frame', () => frame(Buffer.from('x'), { opcode: 9, fin: false }), 1002],
];

describe('web host: one malformed WebSocket frame closes that connection only', () => {
  it.each(CASES)('%s', async (_name, make, expected) => {
    const bystander = await handshake();
    const attacker = await handshake();
    const warned = warnings.length;
    attacker.socket.write(make());
    await attacker.closed;
    expect(closeCode(attacker.received)).toBe(expected);
    expect(warnings.slice(warned).join('\n')).toMatch(/websocket client dropped/);
    // The other client is still connected and the server answers a new one.
    expect(bystander.socket.destroyed).toBe(false);
    bystander.socket.write(frame(Buffer.from(JSON.stringify({ id: 3, command: 'session.list', input: {} }))));
    expect(await waitForText(bystander.received, '"id":3')).toContain('"ok":true');
    await validRequestIsAnswered();
    bystander.socket.destroy();
  });

  it('closes a connection whose text frame is not JSON, or JSON that is not an object, and keeps serving', async () => {
    for (const body of ['not json', 'null', '42']) {
      const client = await handshake();
      client.socket.write(frame(Buffer.from(body)));
      // A clean close: the server sends its close frame and waits for ours, which this client never sends.
      const deadline = Date.now() + 5000;
      while (closeCode(client.received) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(closeCode(client.received)).toBe(1003);
      client.socket.destroy();
    }
    await validRequestIsAnswered();
  });

  it('survives a client that resets the TCP connection mid-frame', async () => {
    const client = await handshake();
    client.socket.write(frame(Buffer.from('{"id":1,"command":"session.list"}')).subarray(0, 9));
    client.socket.resetAndDestroy();
    await client.closed;
    await validRequestIsAnswered();
  });
});
