// The web host's gate. A page from any other origin can reach a loopback server without
// credentials (no-cors POSTs, form posts, WebSocket upgrades), so every request must carry the
// token, come from our own origin, and name our own host.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'agentic_token';

export interface GateOptions {
  token: string;
  port: number;
  /** The address bound; on loopback only loopback Host headers are accepted (DNS rebinding). */
  bindHost: string;
}

export type GateVerdict = { ok: true; viaQuery: boolean } | { ok: false; status: number; reason: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host === '::1';
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieToken(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return rest.join('=');
  }
  return null;
}

export function checkRequest(req: IncomingMessage, opts: GateOptions, { requireOrigin }: { requireOrigin: boolean }): GateVerdict {
  const hostHeader = req.headers.host ?? '';
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader);
  if (!match || Number(match[2] ?? 80) !== opts.port) return { ok: false, status: 421, reason: 'foreign Host' };
  if (isLoopback(opts.bindHost) && !isLoopback(match[1]!)) return { ok: false, status: 421, reason: 'foreign Host' };

  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${hostHeader}`) return { ok: false, status: 403, reason: 'foreign Origin' };
  if (requireOrigin && origin === undefined) return { ok: false, status: 403, reason: 'missing Origin' };

  const url = new URL(req.url ?? '/', 'http://x');
  const queryToken = url.searchParams.get('token');
  if (queryToken !== null && sameToken(queryToken, opts.token)) return { ok: true, viaQuery: true };
  const cookie = cookieToken(req);
  if (cookie !== null && sameToken(cookie, opts.token)) return { ok: true, viaQuery: false };
  return { ok: false, status: 401, reason: queryToken === null && cookie === null ? 'missing token' : 'wrong token' };
}
