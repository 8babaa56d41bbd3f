// The web host: the renderer and the typed contract over a WebSocket at /bridge, behind the gate.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Handlers } from '../../common/contract.js';
import { encodeMessage, readClientMessage } from '../../common/wire.js';
import { dispatch } from '../../common/dispatch.js';
import type { AppEvent } from '../../common/events.js';
import { EventChannel } from '../../core/transport/eventChannel.js';
import type { Logger } from '../../core/ports.js';
import { checkRequest, isLoopback, TOKEN_COOKIE, type GateOptions } from './security.js';
import { serveStatic } from './staticFiles.js';

export interface WebServerOptions {
  handlers: Handlers;
  subscribe: (listener: (event: AppEvent) => void) => () => void;
  staticDir: string;
  host?: string;
  port?: number;
  token?: string;
  logger: Logger;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** The largest message a client may send; `ws` refuses a longer frame (or announced length) with close code 1009. */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  const gate: GateOptions = { token, port: 0, bindHost: host };
  const server = createServer(httpHandler(options, gate));
  // A malformed frame makes `ws` emit 'error' on that one socket and close it (1002/1007/1009);
  // with no listener that 'error' would be thrown and end the whole process.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', (error) => options.logger.warn('websocket server error', { error: String(error) }));
  server.on('clientError', (error, socket) => {
    options.logger.debug('bad http request from a client', { error: String(error) });
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => upgradeToBridge(req, socket, head, { options, gate, wss }));

  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  // The gate checks the Host header against the port, known only once the server listens.
  gate.port = port;
  const shownHost = isLoopback(host) ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/** Plain HTTP: the page's static files, for a request the gate lets through. */
function httpHandler(options: WebServerOptions, gate: GateOptions): (req: IncomingMessage, res: ServerResponse) => void {
  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = checkRequest(req, gate, { requireOrigin: false });
    if (!verdict.ok) return void res.writeHead(verdict.status, { 'content-type': 'text/plain' }).end(`Refused: ${verdict.reason}.\n`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    const url = new URL(req.url ?? '/', 'http://x');
    if (verdict.viaQuery) {
      // Assets are loaded by relative URL without the query: a strict same-site cookie carries the token for them.
      res.setHeader('set-cookie', `${TOKEN_COOKIE}=${gate.token}; HttpOnly; SameSite=Strict; Path=/`);
    }
    if (!(await serveStatic(options.staticDir, url.pathname, res))) res.writeHead(404).end('Not found.\n');
  }
  return (req, res) => {
    void handleHttp(req, res).catch((error: unknown) => {
      options.logger.error('http handler failed', { error: String(error) });
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
}

/** The WebSocket upgrade: only to /bridge, and only past the gate (which here also requires an Origin). */
function upgradeToBridge(req: IncomingMessage, socket: Duplex, head: Buffer, ctx: { options: WebServerOptions; gate: GateOptions; wss: WebSocketServer }): void {
  // The raw socket is ours until `ws` takes it; a reset before then must not throw either.
  socket.on('error', (error) => ctx.options.logger.warn('upgrade socket error', { error: String(error) }));
  const url = new URL(req.url ?? '/', 'http://x');
  const verdict = checkRequest(req, ctx.gate, { requireOrigin: true });
  if (url.pathname !== '/bridge' || !verdict.ok) {
    const status = verdict.ok ? 404 : verdict.status;
    socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\ncontent-length: 0\r\n\r\n`);
    return;
  }
  ctx.wss.handleUpgrade(req, socket, head, (ws) => serveClient(ws, ctx.options));
}

/** One page's connection: the app's events out (batched, acknowledged), its commands in. */
function serveClient(ws: WebSocket, options: WebServerOptions): void {
  const clientId = randomUUID();
  const send = (data: string) => {
    if (ws.readyState === ws.OPEN) ws.send(data);
  };
  const channel = new EventChannel((batch) => send(encodeMessage(batch)));
  const unsubscribe = options.subscribe((event) => channel.push(event));
  ws.on('error', (error) => options.logger.warn('websocket client dropped: malformed frame or socket error', { clientId, error: String(error) }));
  ws.on('message', (raw, isBinary) => {
    const msg = isBinary ? 'not-json' : readClientMessage(String(raw));
    if (msg === 'not-json') return ws.close(1003, 'bad json');
    if (msg === 'unknown') return;
    if ('ack' in msg) return channel.ack(msg.ack);
    const id = msg.id;
    void dispatch(options.handlers, msg.command, msg.input, { clientId }).then((result) => send(encodeMessage({ id, result })));
  });
  ws.on('close', () => {
    unsubscribe();
    channel.close();
  });
}
