// The local OpenAI-compatible API: the app's loaded model and its agents for the user's other tools
// (an editor plugin, a chat UI, scripts), and the MCP endpoint at /mcp. Loopback by default, bearer
// token on every request, browser origins refused unless allowed (gate.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LlmProvider, Logger } from '../../core/ports.js';
import { agentModels, handleChat } from './chatRoute.js';
import type { TurnRunner } from './completions.js';
import { FairQueue } from './fairQueue.js';
import { checkApiRequest, checkOrigin, corsHeaders, isLoopbackHost, type ApiGateOptions } from './gate.js';
import { HttpError, readJson, sendError, sendJson } from './http.js';
import { EmbeddingsRequestSchema, describeIssues } from './schemas.js';

/** Serves /mcp (streamable HTTP) once the gate has let the request through; `body` is parsed JSON for POST. */
export type McpHttpHandler = (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>;

export interface LocalApiDeps {
  provider: () => LlmProvider;
  /** Agents as models; null serves the loaded model only. */
  turns: TurnRunner | null;
  mcp?: McpHttpHandler;
  logger: Logger;
}

export interface LocalApiOptions {
  host?: string;
  port?: number;
  token: string;
  allowedOrigins?: readonly string[];
}

export interface LocalApi {
  /** The base URL clients are given (`…/v1`). */
  baseUrl: string;
  port: number;
  token(): string;
  /** Rotating the token: the old one stops working with the next request. */
  setToken(token: string): void;
  close(): Promise<void>;
}

export async function startLocalApi(deps: LocalApiDeps, options: LocalApiOptions): Promise<LocalApi> {
  const host = options.host ?? '127.0.0.1';
  let token = options.token;
  const gate: ApiGateOptions = { token: () => token, port: 0, bindHost: host, allowedOrigins: options.allowedOrigins ?? [] };
  const chatDeps = {
    provider: deps.provider,
    modelId: async () => (await deps.provider().info()).model,
    turns: deps.turns,
    modelQueue: new FairQueue(1),
    agentQueue: new FairQueue(1),
    logger: deps.logger,
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '');
    if (req.method === 'OPTIONS') {
      // A preflight carries no token: only the Host and Origin checks apply.
      const verdict = checkOrigin(req, gate);
      if (!verdict.ok || req.headers.origin === undefined) return void res.writeHead(verdict.ok ? 204 : verdict.status).end();
      return void res.writeHead(204, { ...corsHeaders(req), 'access-control-max-age': '600' }).end();
    }
    const verdict = checkApiRequest(req, gate);
    const headers = corsHeaders(req);
    if (!verdict.ok) throw new HttpError(verdict.status, verdict.code, verdict.reason);
    if (path === '/v1/models' && req.method === 'GET') {
      const id = await chatDeps.modelId();
      const ids = [id, ...(deps.turns ? agentModels() : [])];
      return sendJson(res, 200, { object: 'list', data: ids.map((m) => ({ id: m, object: 'model', created: 0, owned_by: m === id ? 'local' : 'agentic' })) }, headers);
    }
    if (path === '/v1/chat/completions' && req.method === 'POST') return handleChat(req, res, chatDeps, headers);
    if (path === '/v1/embeddings' && req.method === 'POST') return handleEmbeddings(req, res, headers);
    if (path === '/mcp' && deps.mcp) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      return deps.mcp(req, res, req.method === 'POST' ? await readJson(req) : undefined);
    }
    throw new HttpError(404, 'not_found', `No route ${req.method} ${path}.`);
  }

  async function handleEmbeddings(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void> {
    const parsed = EmbeddingsRequestSchema.safeParse(await readJson(req));
    if (!parsed.success) throw new HttpError(400, 'invalid_request', describeIssues(parsed.error));
    const { model, input, encoding_format } = parsed.data;
    const id = await chatDeps.modelId();
    if (model !== id) throw new HttpError(404, 'model_not_found', `Embeddings come from the loaded model "${id}".`);
    const provider = deps.provider();
    if (!provider.embed) throw new HttpError(400, 'embeddings_unsupported', 'This provider has no embeddings: the embedded model serves them.');
    const texts = typeof input === 'string' ? [input] : input;
    const abort = new AbortController();
    res.on('close', () => !res.writableFinished && abort.abort());
    const vectors = await chatDeps.modelQueue.run(abort.signal, () => provider.embed!(texts, abort.signal));
    const tokens = (await Promise.all(texts.map((t) => provider.countTokens(t)))).reduce((a, b) => a + b, 0);
    const data = vectors.map((v, index) => ({
      object: 'embedding',
      index,
      embedding: encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v,
    }));
    sendJson(res, 200, { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } }, headers);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!(error instanceof HttpError)) deps.logger.warn('local api request failed', { path: req.url, error: String(error) });
      // CORS headers only for an origin the gate let through: a refused page learns nothing.
      const allowed = req.headers.origin !== undefined && gate.allowedOrigins.includes(req.headers.origin);
      sendError(res, error, allowed ? corsHeaders(req) : {});
    });
  });
  server.on('clientError', (error, socket) => {
    deps.logger.debug('local api: bad http request', { error: String(error) });
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  gate.port = port;
  const shown = isLoopbackHost(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${shown}:${port}/v1`,
    port,
    token: () => token,
    setToken: (next) => {
      token = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
