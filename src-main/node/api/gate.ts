// The local API's gate. A page from any other origin can reach a loopback server without
// credentials (PROBES.md), and the API runs code through the agents, so every request must name our
// own host (DNS rebinding), carry the bearer token, and come from no browser origin unless the user
// allowed that origin (CORS is closed by default: no preflight succeeds, no CORS header is sent).
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface ApiGateOptions {
  /** Read at each request: rotating the token in Settings applies at once. */
  token: () => string;
  port: number;
  bindHost: string;
  /** Browser origins allowed to call the API (exact `scheme://host[:port]`); none by default. */
  allowedOrigins: readonly string[];
}

export type ApiVerdict = { ok: true } | { ok: false; status: number; code: string; reason: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
export const isLoopbackHost = (host: string): boolean => LOOPBACK.has(host);

function sameToken(given: string, expected: string): boolean {
  const x = Buffer.from(given);
  const y = Buffer.from(expected);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The Host check and the Origin check, which a CORS preflight must pass too. */
export function checkOrigin(req: IncomingMessage, opts: ApiGateOptions): ApiVerdict {
  const host = req.headers.host ?? '';
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
  if (!match || Number(match[2] ?? 80) !== opts.port) return { ok: false, status: 421, code: 'foreign_host', reason: 'This server does not answer for that Host.' };
  if (isLoopbackHost(opts.bindHost) && !isLoopbackHost(match[1]!)) {
    return { ok: false, status: 421, code: 'foreign_host', reason: 'This server answers loopback Host names only.' };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !opts.allowedOrigins.includes(origin)) {
    return { ok: false, status: 403, code: 'origin_not_allowed', reason: `Browser origin ${origin} is not allowed (Settings → Local API → allowed origins).` };
  }
  return { ok: true };
}

export function checkApiRequest(req: IncomingMessage, opts: ApiGateOptions): ApiVerdict {
  const origin = checkOrigin(req, opts);
  if (!origin.ok) return origin;
  const header = req.headers.authorization;
  const bearer = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (bearer === null) return { ok: false, status: 401, code: 'missing_token', reason: 'Missing bearer token: send Authorization: Bearer <token>.' };
  if (bearer === undefined || !sameToken(bearer, opts.token())) return { ok: false, status: 401, code: 'invalid_token', reason: 'Wrong bearer token.' };
  return { ok: true };
}

/** CORS response headers for an allowed origin; none for a request without Origin. */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-headers': 'authorization, content-type, mcp-session-id, mcp-protocol-version, last-event-id',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-expose-headers': 'mcp-session-id',
    vary: 'Origin',
  };
}
