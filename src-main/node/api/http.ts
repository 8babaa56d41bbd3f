// HTTP plumbing of the local API: bounded JSON bodies, OpenAI-shaped errors, server-sent events.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toErrorData, type ErrorCode } from '../../common/errors.js';

/** The largest request body read (a long conversation fits; a flood does not). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** An error answered with its own HTTP status and OpenAI error code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_OF: Partial<Record<ErrorCode, number>> = {
  BAD_INPUT: 400,
  CONTEXT_OVERFLOW: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  CANCELLED: 499,
  PROVIDER_UNREACHABLE: 502,
  PROVIDER_AUTH: 502,
  PROVIDER_MODEL_MISSING: 503,
  MODEL_LOAD_FAILED: 503,
};

/** Any failure as {status, body} in OpenAI's error shape (clients read error.message and error.code). */
export function errorResponse(error: unknown): { status: number; body: { error: { message: string; type: string; code: string; param: null } } } {
  if (error instanceof HttpError) {
    const type = error.status === 401 ? 'authentication_error' : error.status < 500 ? 'invalid_request_error' : 'server_error';
    return { status: error.status, body: { error: { message: error.message, type, code: error.code, param: null } } };
  }
  const data = toErrorData(error);
  const status = STATUS_OF[data.code] ?? 500;
  return { status, body: { error: { message: data.message, type: status < 500 ? 'invalid_request_error' : 'server_error', code: data.code.toLowerCase(), param: null } } };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export function sendError(res: ServerResponse, error: unknown, headers: Record<string, string> = {}): void {
  const { status, body } = errorResponse(error);
  sendJson(res, status, body, headers);
}

/** The body as JSON; too large, not JSON or not an object is a 400/413 with a message that says which. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'body_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (error) {
    throw new HttpError(400, 'invalid_json', `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Server-sent events as OpenAI streams them: `data: <json>` lines, then `data: [DONE]`. */
export function openEventStream(res: ServerResponse, headers: Record<string, string>): { send: (data: unknown) => void; end: () => void } {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no', ...headers });
  res.flushHeaders();
  return {
    send: (data) => {
      if (!res.writableEnded && !res.destroyed) res.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (!res.writableEnded && !res.destroyed) res.end('data: [DONE]\n\n');
    },
  };
}
