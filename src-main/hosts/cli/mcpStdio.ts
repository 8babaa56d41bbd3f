// `agentic mcp`: our MCP server on standard input and output, for clients that start it (Claude
// Desktop, Cursor…). Standard output carries only the protocol; logs go to stderr. The app's window
// is not there to ask in: code the approval policy would ask about is refused unless --yes.
import { existsSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApp } from '../../app/index.js';
import { appPaths } from '../../app/paths.js';
import type { AskUser } from '../../core/ports.js';
import { appVersion, lentDeps } from '../../node/api/expose.js';
import { createLogger } from '../../node/logger.js';
import { createAgenticMcpServer } from '../../node/mcpServer/server.js';
import { UsageError } from './args.js';
import { fromCaller } from './callerPaths.js';
import { cliOverrides } from './run.js';
import type { ServeArgs } from './serveArgs.js';

/** No one to ask: the policy's "ask" is a refusal, unless the user started the server with --yes. */
const headlessApprover =
  (yes: boolean): AskUser =>
  async (request) => {
    process.stderr.write(`${yes ? 'approved (--yes)' : 'refused (the app is not open to ask; start with --yes to approve)'}: ${request.tool} — ${request.reasons.join('; ')}\n`);
    return yes;
  };

export async function mcpCommand(args: ServeArgs): Promise<number> {
  const replay = args.replay ? fromCaller(args.replay) : undefined;
  if (replay && !existsSync(replay)) throw new UsageError(`Replay file not found: ${replay}`);
  const paths = appPaths({ host: 'cli' });
  const logger = createLogger();
  const app = await createApp({ host: 'cli', paths, settings: cliOverrides(args), replayFile: replay, askUser: headlessApprover(args.yes), logger });
  const server = createAgenticMcpServer(lentDeps(app, logger), appVersion(paths.appRoot));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  await app.dispose();
  return 0;
}
