// The app (Replay model, real sandbox, real store) with its local API started in process, and the
// official OpenAI client pointed at it.
import OpenAI from 'openai';
import type { AskUser } from '../../../src-main/core/ports.js';
import { localApiDeps } from '../../../src-main/node/api/expose.js';
import { startLocalApi, type LocalApi, type LocalApiDeps } from '../../../src-main/node/api/server.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';

export interface ApiHarness {
  t: TestApp;
  api: LocalApi;
  client: OpenAI;
  close(): Promise<void>;
}

export const TOKEN = 'agentic-test-token-0123456789abcdefghijkl';

export async function startApi(
  responses: string[],
  opts: { askUser?: AskUser; allowedOrigins?: string[]; wrap?: (deps: LocalApiDeps) => LocalApiDeps; host?: 'cli' | 'web' } = {},
): Promise<ApiHarness> {
  const t = await startTestApp(responses, { askUser: opts.askUser, replayChunkSize: 4, host: opts.host });
  const deps = localApiDeps(t.app, silentLogger);
  const api = await startLocalApi(opts.wrap ? opts.wrap(deps) : deps, { token: TOKEN, allowedOrigins: opts.allowedOrigins });
  const client = new OpenAI({ baseURL: api.baseUrl, apiKey: TOKEN, maxRetries: 0, timeout: 60_000 });
  return {
    t,
    api,
    client,
    async close() {
      await api.close();
      await t.close();
    },
  };
}
