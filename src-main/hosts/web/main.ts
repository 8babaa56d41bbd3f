// `npm run web`: the app in any browser. Loopback only unless --host says otherwise.
import { parseArgs } from 'node:util';
import { createApp } from '../../app/index.js';
import { appPaths } from '../../app/paths.js';
import { createLogger } from '../../node/logger.js';
import { ensureRendererBuilt } from './ensureRenderer.js';
import { isLoopback } from './security.js';
import { startWebServer, type WebServer } from './server.js';
import { loadOrCreateToken, writeWebHostState } from './token.js';

const out = (line: string) => process.stdout.write(line + '\n');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, host: { type: 'string' }, workspace: { type: 'string' }, replay: { type: 'string' }, 'new-token': { type: 'boolean' } },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0–65535, got ${values.port}`);
  const host = values.host ?? '127.0.0.1';
  const paths = appPaths({ host: 'web' });
  const staticDir = await ensureRendererBuilt(paths.appRoot, out);
  // Warnings and errors unless AGENTIC_LOG asks for more (debug, info).
  const logger = createLogger();
  const app = await createApp({
    host: 'web',
    paths,
    settings: values.workspace ? { workspace: values.workspace } : {},
    replayFile: values.replay,
    logger,
  });
  // The token (and, without --port, the port) of the last run, so open tabs and bookmarks keep working.
  const saved = loadOrCreateToken(paths.dataDir, values['new-token'] === true);
  const start = (p: number): Promise<WebServer> => startWebServer({ handlers: app.handlers, subscribe: app.subscribe, staticDir, host, port: p, token: saved.token, logger });
  const preferred = values.port === undefined ? (saved.port ?? 0) : port;
  const server = await start(preferred).catch((error: unknown) => {
    if (preferred === 0 || values.port !== undefined) throw error;
    return start(0); // the last port is taken now: any free one
  });
  writeWebHostState(paths.dataDir, { token: saved.token, port: server.port });
  if (!isLoopback(host)) {
    process.stderr.write(`WARNING: listening on ${host}: anyone who can reach this machine and learns the token can run code here.\n`);
  }
  out(`Agentic is running: ${server.url}`);
  const shutdown = () => {
    void server
      .close()
      .then(() => app.dispose())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`agentic web: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
