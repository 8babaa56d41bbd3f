// `agentic run`: one request, one turn, printed as it happens.
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from '../../app.js';
import type { SettingsPatch } from '../../common/settings.js';
import { appPaths } from '../../app/paths.js';
import { createLogger } from '../../node/logger.js';
import { cliApprover } from './approve.js';
import { UsageError, type RunArgs } from './args.js';
import { jsonPrinter, textPrinter } from './printer.js';

export async function runCommand(args: RunArgs): Promise<number> {
  if (args.replay && !existsSync(args.replay)) throw new UsageError(`Replay file not found: ${args.replay}`);
  const overrides: SettingsPatch = {};
  if (args.workspace) {
    const dir = resolve(args.workspace);
    mkdirSync(dir, { recursive: true });
    overrides.workspace = dir;
  }
  if (args.provider || args.model || args.baseUrl) {
    overrides.provider = { ...(args.provider && { kind: args.provider }), ...(args.model && { model: args.model }), ...(args.baseUrl && { baseUrl: args.baseUrl }) };
  }
  if (args.blockTimeoutSec) overrides.blockTimeoutSec = args.blockTimeoutSec;
  if (args.maxAttempts) overrides.maxAttempts = args.maxAttempts;

  const app = await createApp({
    host: 'cli',
    paths: appPaths({ host: 'cli' }),
    settings: overrides,
    replayFile: args.replay ? resolve(args.replay) : undefined,
    askUser: cliApprover({ yes: args.yes, interactive: process.stdin.isTTY === true && !args.json, err: process.stderr }),
    logger: createLogger({ level: 'error' }),
  });
  const print = args.json ? jsonPrinter(process.stdout) : textPrinter(process.stdout, process.stderr);
  const unsubscribe = app.subscribe(print);
  const stop = () => {
    for (const id of running) app.engine.cancel(id);
  };
  const running = new Set<string>();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    let sessionId = args.session;
    if (sessionId) {
      if (!app.store.getSession(sessionId)) throw new UsageError(`No session ${sessionId}. List them with: agentic sessions`);
    } else {
      sessionId = app.store.createSession(args.request.slice(0, 60)).id;
    }
    const { turnId, done } = app.engine.send(sessionId, args.request, args.agent);
    running.add(turnId);
    const outcome = await done;
    if (!args.json && outcome.status === 'done') process.stderr.write(`session: ${sessionId}\n`);
    return outcome.status === 'done' ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    unsubscribe();
    await app.dispose();
  }
}
