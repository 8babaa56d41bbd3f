// The web host's gate against cross-origin and unauthenticated access, on the real server process.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebHost, type WebHost } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-web-'));
let host: WebHost;
beforeAll(async () => {
  host = await startWebHost(['--port', '0'], home);
}, 180_000);
afterAll(async () => {
  await host?.stop();
  rmSync(home, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function upgrade(path: string, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('web host gate', () => {
  it('serves the app with the right token, sets a strict cookie and a CSP', async () => {
    const r = await get(`/?token=${host.token}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('<div id="root">');
    expect(String(r.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('refuses a request without a token', async () => {
    expect((await get('/')).status).toBe(401);
  });

  it('refuses a wrong token', async () => {
    expect((await get('/?token=not-the-token')).status).toBe(401);
  });

  it('refuses a foreign Origin even with the token', async () => {
    expect((await get(`/?token=${host.token}`, { Origin: 'http://evil.example' })).status).toBe(403);
  });

  it('refuses a foreign Host (DNS rebinding) even with the token', async () => {
    expect((await get(`/?token=${host.token}`, { Host: `evil.example:${host.port}` })).status).toBe(421);
  });

  it('refuses POST (no-cors and form posts from other pages)', async () => {
    const status = await new Promise<number>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: host.port, path: `/?token=${host.token}`, method: 'POST' }, (res) => resolve(res.statusCode ?? 0));
      req.end('x');
    });
    expect(status).toBe(405);
  });

  it('refuses a WebSocket upgrade without the token', async () => {
    expect(await upgrade('/bridge', { Origin: host.origin })).toBe(401);
  });

  it('refuses a WebSocket upgrade from a foreign Origin', async () => {
    expect(await upgrade(`/bridge?token=${host.token}`, { Origin: 'http://evil.example' })).toBe(403);
  });

  it('accepts the WebSocket with token and own Origin, and answers a command with an envelope', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, { headers: { Origin: host.origin } });
    await new Promise((r, j) => (ws.on('open', r), ws.on('error', j)));
    const reply = await new Promise<{ id: number; result: { ok: boolean; value?: unknown; error?: { code: string } } }>((resolve) => {
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { id?: number };
        if (msg.id === 7) resolve(msg as never);
      });
      ws.send(JSON.stringify({ id: 7, command: 'session.create', input: { title: 'from test' } }));
    });
    expect(reply.result.ok).toBe(true);
    const bad = await new Promise<{ result: { ok: boolean; error: { code: string } } }>((resolve) => {
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { id?: number };
        if (msg.id === 8) resolve(msg as never);
      });
      ws.send(JSON.stringify({ id: 8, command: 'session.rename', input: { id: 42 } }));
    });
    expect(bad.result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    ws.close();
  });
});
