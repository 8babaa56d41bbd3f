// The page's WebSocket bridge told the caller a command failed ("may not have run") yet kept its
// message queued and sent it once the host came back: a retried request ran twice. A failed call's
// message must never reach the host; a retry is the caller's own new call and runs once.
// Real `ws` server on loopback; the bridge is the page's own code with the `ws` client socket.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import { createWebSocketBridge, type SocketLike } from '../../src-renderer/bridge/websocket.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address && typeof address === 'object' ? address.port : 0;
}

describe('bridge: failed calls are not sent later', () => {
  it('a call that failed while the host was down is not sent on reconnect; its retry runs once', async () => {
    const port = await freePort();
    const bridge = createWebSocketBridge({
      url: `ws://127.0.0.1:${port}/bridge?token=t`,
      createSocket: (url) => new NodeWebSocket(url) as unknown as SocketLike,
      backoffMs: () => 50,
    });
    cleanup.push(() => bridge.close());
    // The host is not there: the call is queued, then fails when the connection attempt closes.
    const first = await bridge.invoke('session.delete', { id: 'precious' });
    expect(first.ok).toBe(false);

    // The host comes back; the caller retries explicitly.
    const wss = new WebSocketServer({ host: '127.0.0.1', port });
    cleanup.push(() => wss.close());
    const received: { id: number; command: string }[] = [];
    wss.on('connection', (socket) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id: number; command: string };
        received.push(message);
        socket.send(JSON.stringify({ id: message.id, result: { ok: true, value: null } }));
      });
    });
    const retry = await bridge.invoke('session.delete', { id: 'precious' });
    expect(retry).toEqual({ ok: true, value: null });
    // Give a stale queued message every chance to arrive behind the retry.
    const marker = await bridge.invoke('session.list', {});
    expect(marker.ok).toBe(true);
    expect(received.map((m) => m.command)).toEqual(['session.delete', 'session.list']);
  });
});
