// A local HTTP server whose routes each test scripts: SSE, NDJSON, delays, dropped connections, errors.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

export interface FakeServer {
  url: string;
  routes: Map<string, Handler>;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  const routes = new Map<string, Handler>();
  const requests: FakeServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const handler = routes.get(`${req.method} ${path}`);
      if (!handler) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no route' }));
        return;
      }
      Promise.resolve(handler(req, res, body)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts one fake server for a test file, with routes and recorded requests cleared before each test. */
export function useFakeServer(set: (server: FakeServer) => void): void {
  let server: FakeServer | null = null;
  beforeAll(async () => {
    server = await startFakeServer();
    set(server);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    server?.routes.clear();
    if (server) server.requests.length = 0;
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `data: <json>` events; `drop` kills the socket after that many events instead of ending cleanly. */
export async function writeSse(
  res: ServerResponse,
  events: Array<object | string>,
  opts: { delayMs?: number; firstDelayMs?: number; drop?: number; named?: boolean } = {},
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  if (opts.firstDelayMs) await sleep(opts.firstDelayMs);
  for (let i = 0; i < events.length; i++) {
    if (opts.drop === i) {
      res.destroy();
      return;
    }
    const e = events[i]!;
    const data = typeof e === 'string' ? e : JSON.stringify(e);
    const name = opts.named && typeof e === 'object' ? `event: ${(e as { type?: string }).type}\n` : '';
    res.write(`${name}data: ${data}\n\n`);
    if (opts.delayMs) await sleep(opts.delayMs);
  }
  res.end();
}

export async function writeNdjson(res: ServerResponse, lines: object[], opts: { drop?: number; firstDelayMs?: number; delayMs?: number } = {}): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  if (opts.firstDelayMs) await sleep(opts.firstDelayMs);
  for (let i = 0; i < lines.length; i++) {
    if (opts.drop === i) {
      res.destroy();
      return;
    }
    res.write(JSON.stringify(lines[i]) + '\n');
    if (opts.delayMs) await sleep(opts.delayMs);
  }
  res.end();
}

export function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A loopback URL where nothing listens (a port just freed), for "server not running" cases. */
export async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
