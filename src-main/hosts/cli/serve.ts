// `agentic serve`: the local OpenAI-compatible API (and MCP over HTTP at /mcp) on the model and agents
// the flags choose, until Ctrl+C. The base URL and token go to stdout before it serves, so a script can
// read them; warnings go to stderr. Approvals: --yes approves, otherwise they are refused (no window
// to ask in; the desktop app asks in its window).
import { existsSync } from 'node:fs';
import { createApp } from '../../app/index.js';
import { appPaths } from '../../app/paths.js';
import { loadOrCreateApiToken, writeLocalApiState } from '../../node/api/apiState.js';
import { localApiDeps } from '../../node/api/expose.js';
import { isLoopbackHost } from '../../node/api/gate.js';
import { startLocalApi, type LocalApi } from '../../node/api/server.js';
import { createLogger } from '../../node/logger.js';
import { cliApprover } from './approve.js';
import { UsageError } from './args.js';
import { fromCaller } from './callerPaths.js';
import { cliOverrides } from './run.js';
import type { ServeArgs } from './serveArgs.js';

export async function serveCommand(args: ServeArgs): Promise<number> {
  const replay = args.replay ? fromCaller(args.replay) : undefined;
  if (replay && !existsSync(replay)) throw new UsageError(`Replay file not found: ${replay}`);
  const paths = appPaths({ host: 'cli' });
  const logger = createLogger();
  const app = await createApp({
    host: 'cli',
    paths,
    settings: cliOverrides(args),
    replayFile: replay,
    askUser: cliApprover({ yes: args.yes, interactive: false, err: process.stderr }),
    logger,
  });
  const host = args.host ?? '127.0.0.1';
  const saved = loadOrCreateApiToken(paths.dataDir, args.newToken);
  const start = (port: number): Promise<LocalApi> => startLocalApi(localApiDeps(app, logger), { host, port, token: saved.token, allowedOrigins: args.allowOrigins });
  let api: LocalApi;
  try {
    // The last port, so that tools pointed at it keep working; another one when it is taken now.
    api = args.port !== undefined ? await start(args.port) : await start(saved.port ?? 0).catch(() => start(0));
  } catch (error) {
    await app.dispose();
    throw error;
  }
  writeLocalApiState(paths.dataDir, { token: saved.token, port: api.port });
  if (!isLoopbackHost(host)) {
    process.stderr.write(`WARNING: listening on ${host}: anyone on your network who learns the token can use the model and run code here.\n`);
  }
  process.stdout.write(`Base URL: ${api.baseUrl}\nToken: ${api.token()}\nMCP: ${api.baseUrl.replace(/\/v1$/, '/mcp')}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await api.close();
  await app.dispose();
  return 0;
}
