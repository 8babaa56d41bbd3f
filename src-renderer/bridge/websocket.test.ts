import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { ConnectionStatus, RendererBridge } from './types.js';
import { bridgeUrlFromLocation, createWebSocketBridge, type SocketLike } from './websocket.js';

/** A real WebSocket server on loopback that records what the client sends. */
async function startServer() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const received: unknown[] = [];
  const sockets: ServerSocket[] = [];
  const waiters: (() => void)[] = [];
  wss.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      received.push(JSON.parse(String(data)));
      for (const w of waiters.splice(0)) w();
    });
    for (const w of waiters.splice(0)) w();
  });
  const address = wss.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { wss, received, sockets, port, until, url: `ws://127.0.0.1:${port}/bridge?token=t` };
}

const createSocket = (url: string) => new NodeWebSocket(url) as unknown as SocketLike;
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

function open(url: string, backoffMs = () => 10): RendererBridge {
  const bridge = createWebSocketBridge({ url, createSocket, backoffMs });
  cleanup.push(() => bridge.close());
  return bridge;
}

describe('WebSocket bridge', () => {
  it('sends requests as {id, command, input} and matches answers by id, in any order', async () => {
    const server = await startServer();
    cleanup.push(() => server.wss.close());
    const bridge = open(server.url);
    const first = bridge.invoke('session.list', {});
    const second = bridge.invoke('session.open', { id: 's1' });
    await server.until(() => server.received.length === 2);
    expect(server.received).toEqual([
      { id: 1, command: 'session.list', input: {} },
      { id: 2, command: 'session.open', input: { id: 's1' } },
    ]);
    const socket = server.sockets[0]!;
    socket.send(JSON.stringify({ id: 2, result: { ok: false, error: { code: 'NOT_FOUND', message: 'no s1' } } }));
    socket.send(JSON.stringify({ id: 1, result: { ok: true, value: [] } }));
    expect(await first).toEqual({ ok: true, value: [] });
    expect(await second).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no s1' } });
  });

  it('delivers event batches with their number and acknowledges each one', async () => {
    const server = await startServer();
    cleanup.push(() => server.wss.close());
    const bridge = open(server.url);
    const seen: [number, number][] = [];
    bridge.onEvents((events, batch) => {
      seen.push([batch, events.length]);
      bridge.ack(batch);
    });
    await server.until(() => server.sockets.length === 1);
    await new Promise<void>((resolve) => bridge.onStatus((s) => s === 'open' && resolve()));
    const event = { type: 'sessions.changed', seq: 1, sessionId: null, turnId: null };
    server.sockets[0]!.send(JSON.stringify({ events: [event, event], batch: 7 }));
    server.sockets[0]!.send(JSON.stringify({ events: [event], batch: 8 }));
    await server.until(() => server.received.length === 2);
    expect(seen).toEqual([
      [7, 2],
      [8, 1],
    ]);
    expect(server.received).toEqual([{ ack: 7 }, { ack: 8 }]);
  });

  it('fails the requests in flight when the socket drops, then reconnects and works again', async () => {
    const server = await startServer();
    cleanup.push(() => server.wss.close());
    const bridge = open(server.url);
    const statuses: ConnectionStatus[] = [];
    bridge.onStatus((s) => statuses.push(s));
    const lost = bridge.invoke('app.info', {});
    await server.until(() => server.received.length === 1);
    server.sockets[0]!.terminate();
    const result = await lost;
    expect(result.ok).toBe(false);
    await server.until(() => server.sockets.length === 2);
    const again = bridge.invoke('session.list', {});
    await server.until(() => server.received.length === 2);
    server.sockets[1]!.send(JSON.stringify({ id: 2, result: { ok: true, value: [] } }));
    expect(await again).toEqual({ ok: true, value: [] });
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('ignores malformed messages instead of breaking the connection', async () => {
    const server = await startServer();
    cleanup.push(() => server.wss.close());
    const bridge = open(server.url);
    const pending = bridge.invoke('app.info', {});
    await server.until(() => server.received.length === 1);
    server.sockets[0]!.send('not json');
    server.sockets[0]!.send(JSON.stringify({ events: 'nope', batch: 1 }));
    server.sockets[0]!.send(JSON.stringify({ id: 1, result: { ok: true, value: 'fine' } }));
    expect(await pending).toEqual({ ok: true, value: 'fine' });
  });
});

describe('bridge URL', () => {
  it('uses the page origin and its token, over wss on https pages', () => {
    expect(bridgeUrlFromLocation({ protocol: 'http:', host: '127.0.0.1:5000', search: '?token=a%2Bb' })).toBe('ws://127.0.0.1:5000/bridge?token=a%2Bb');
    expect(bridgeUrlFromLocation({ protocol: 'https:', host: 'x:1', search: '' })).toBe('wss://x:1/bridge?token=');
  });
});
