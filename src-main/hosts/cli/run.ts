// `agentic run`: one request, one turn, printed as it happens.
import { existsSync } from 'node:fs';
import { createApp } from '../../app/index.js';
import type { SettingsPatch } from '../../common/settings.js';
import { appPaths } from '../../app/paths.js';
import { createLogger } from '../../node/logger.js';
import { cliApprover } from './approve.js';
import { UsageError, type RunArgs } from './args.js';
import { fromCaller, modelFromCaller } from './callerPaths.js';
import { readRequestFile, readRequestStdin } from './requestInput.js';
import { sendTurn } from './turns.js';
import { prepareWorkspace } from './workspaceDir.js';
import { jsonPrinter, textPrinter } from './printer.js';

/** The request from wherever it was given: the argument, standard input (`-`) or --file. */
export async function resolveRequest(args: Pick<RunArgs, 'request' | 'requestFrom' | 'file'>): Promise<string> {
  if (args.requestFrom === 'file') return readRequestFile(args.file!);
  if (args.requestFrom === 'stdin') return readRequestStdin();
  return args.request;
}

/** Settings the command line overrides; relative paths are the caller's (see callerPaths). */
export function cliOverrides(args: Pick<RunArgs, 'workspace' | 'provider' | 'model' | 'baseUrl' | 'blockTimeoutSec' | 'maxAttempts'>): SettingsPatch {
  const overrides: SettingsPatch = {};
  if (args.workspace) overrides.workspace = prepareWorkspace(fromCaller(args.workspace));
  const model = args.model ? modelFromCaller(args.model) : undefined;
  if (args.provider || model || args.baseUrl) {
    overrides.provider = { ...(args.provider && { kind: args.provider }), ...(model && { model }), ...(args.baseUrl && { baseUrl: args.baseUrl }) };
  }
  if (args.blockTimeoutSec) overrides.blockTimeoutSec = args.blockTimeoutSec;
  if (args.maxAttempts) overrides.maxAttempts = args.maxAttempts;
  return overrides;
}

export async function runCommand(args: RunArgs): Promise<number> {
  const replay = args.replay ? fromCaller(args.replay) : undefined;
  if (replay && !existsSync(replay)) throw new UsageError(`Replay file not found: ${replay}`);
  const overrides = cliOverrides(args);
  const request = await resolveRequest(args);

  const app = await createApp({
    host: 'cli',
    paths: appPaths({ host: 'cli' }),
    settings: overrides,
    replayFile: replay,
    // Standard input that carried the request is at its end: nothing is left to answer with.
    askUser: cliApprover({ yes: args.yes, interactive: process.stdin.isTTY === true && !args.json && args.requestFrom !== 'stdin', err: process.stderr }),
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
    if (args.session && !app.store.getSession(args.session)) throw new UsageError(`No session ${args.session}. List them with: agentic sessions`);
    if (args.noMemory && args.session) throw new UsageError('--no-memory starts a new session: leave out --session.');
    // A session without memory is made here, before its first turn reads any.
    const session = args.noMemory ? app.store.createSession().id : (args.session ?? null);
    if (args.noMemory) app.store.memory.setSessionMemoryOff(session!, true);
    const outcome = await sendTurn(app, session, request, args.agent, (turnId) => running.add(turnId));
    if (!args.json && outcome.status === 'done') process.stderr.write(`session: ${outcome.sessionId}\n`);
    return outcome.status === 'done' ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    unsubscribe();
    await app.dispose();
  }
}
