// `agentic models test [ID]`: the self-test battery (core/selftest) against the configured model, or
// the one given by ID / --provider / --model / --replay, in a scratch workspace and data folder that
// are removed afterwards (never the user's workspace or sessions), with a local page for the web
// task. Prints a score per agent (or JSON lines), keeps the result per model, exits 0 when it ran.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createApp, type App } from '../../app/index.js';
import type { AppEvent } from '../../common/events.js';
import { selfTestModelKey } from '../../common/selfTest.js';
import { appPaths } from '../../app/paths.js';
import { FIXTURE_PAGE, SCRATCH_FILES, scoreTask, selfTestBattery, type AgentScore, type SelfTestTask } from '../../core/selftest/battery.js';
import { createLogger } from '../../node/logger.js';
import { fromCaller, modelFromCaller } from './callerPaths.js';
import type { ModelTestArgs } from './modelTestArgs.js';
import { sendTurn } from './turns.js';

/** Each task's turn is cancelled past this; the battery stays within a few minutes whatever the model does. */
const TASK_LIMIT_MS = 90_000;

/** The fixture page's port when free, so a replay script can name the page; any free port otherwise. */
export const FIXTURE_PORT = 47291;

async function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
}

async function servePage(): Promise<{ server: Server; url: string }> {
  let server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FIXTURE_PAGE));
  if (!(await listen(server, FIXTURE_PORT))) {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FIXTURE_PAGE));
    await listen(server, 0);
  }
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/harbour.html` };
}

async function runTask(app: App, task: SelfTestTask, stop: { cancel: (() => void) | null }): Promise<AgentScore> {
  const events: AppEvent[] = [];
  let turn: string | null = null;
  const unsubscribe = app.subscribe((e) => {
    if (turn === null || e.turnId === turn) events.push(e);
  });
  const started = performance.now();
  const timer = setTimeout(() => stop.cancel?.(), TASK_LIMIT_MS);
  try {
    const { status } = await sendTurn(app, null, task.request, task.agent, (turnId) => {
      turn = turnId;
      stop.cancel = () => app.engine.cancel(turnId);
    });
    const mine = events.filter((e) => e.turnId === turn);
    const done = mine.find((e) => e.type === 'turn.done');
    const failed = mine.find((e) => e.type === 'turn.failed');
    const error = status === 'done' ? undefined : failed?.type === 'turn.failed' ? failed.error.message : `the turn was ${status}`;
    return scoreTask(task, mine, done?.type === 'turn.done' ? done.answer : '', (performance.now() - started) / 1000, error);
  } finally {
    clearTimeout(timer);
    stop.cancel = null;
    unsubscribe();
  }
}

function modelKey(app: App): string {
  const p = app.settings.get().provider;
  // The same key the app reads results by (models.testResults).
  return selfTestModelKey(p.kind, p.model);
}

/** A scratch folder with the battery's workspace files and a data folder holding the CLI's provider keys. */
function prepareScratch(userData: string): { scratch: string; workspace: string; data: string } {
  const scratch = mkdtempSync(join(tmpdir(), 'agentic-selftest-'));
  const workspace = join(scratch, 'workspace');
  for (const [path, text] of Object.entries(SCRATCH_FILES)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  const data = join(scratch, 'data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  // The CLI keeps provider API keys in its data folder (0600): the scratch copy reaches the same server.
  const keys = join(userData, 'secrets.json');
  if (existsSync(keys)) copyFileSync(keys, join(data, 'secrets.json'));
  return { scratch, workspace, data };
}

/** Prints the summary line and keeps the whole result under the user's data folder, per model. */
function report(args: ModelTestArgs, key: string, scores: readonly AgentScore[], interrupted: boolean, userData: string): void {
  const total = scores.reduce((s, x) => s + x.score, 0) / Math.max(1, scores.length);
  const summary = {
    summary: true,
    model: key,
    score: Math.round(total * 100) / 100,
    passed: scores.filter((s) => s.passed).length,
    of: scores.length,
    seconds: Math.round(scores.reduce((s, x) => s + x.seconds, 0)),
    interrupted,
  };
  process.stdout.write(
    args.json ? `${JSON.stringify(summary)}\n` : `${key}: ${summary.passed}/${summary.of} agents passed, score ${summary.score}${interrupted ? ' (stopped)' : ''}\n`,
  );
  const results = join(userData, 'model-tests');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, `${key}.json`), JSON.stringify({ date: new Date().toISOString(), ...summary, agents: scores }, null, 2));
}

export async function modelTestCommand(args: ModelTestArgs): Promise<number> {
  const user = appPaths({ host: 'cli' });
  // The user's settings (their configured model) are used; sessions and workspace stay scratch.
  const { scratch, workspace, data } = prepareScratch(user.dataDir);
  const model = args.model ? modelFromCaller(args.model) : args.id;
  let app: App | null = null;
  const page = await servePage();
  const stop: { cancel: (() => void) | null } = { cancel: null };
  let interrupted = false;
  const onSignal = () => ((interrupted = true), stop.cancel?.());
  process.once('SIGINT', onSignal);
  try {
    const { SettingsFile } = await import('../../node/settings/settingsFile.js');
    const current = new SettingsFile(join(user.dataDir, 'settings.json'), createLogger({ level: 'error' })).get();
    app = await createApp({
      host: 'cli',
      paths: { ...user, dataDir: data },
      settings: {
        ...current,
        workspace,
        maxAttempts: 3,
        provider: { ...current.provider, ...(args.provider && { kind: args.provider }), ...(model && { model }), ...(args.baseUrl && { baseUrl: args.baseUrl }) },
      },
      replayFile: args.replay ? fromCaller(args.replay) : undefined,
      // Nothing risky is approved: the battery needs none of it.
      askUser: async () => false,
      logger: createLogger({ level: 'error' }),
    });
    const scores: AgentScore[] = [];
    for (const task of selfTestBattery({ pageUrl: page.url })) {
      if (interrupted) break;
      const score = await runTask(app, task, stop);
      scores.push(score);
      process.stdout.write(args.json ? `${JSON.stringify({ agent: score.agent, passed: score.passed, score: score.score, seconds: score.seconds })}\n` : describe(score));
    }
    report(args, modelKey(app), scores, interrupted, user.dataDir);
    return 0;
  } catch (error) {
    process.stderr.write(`The self-test could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    await app?.dispose();
    page.server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function describe(s: AgentScore): string {
  const status = s.passed ? 'passed' : 'FAILED';
  const why = s.error ? ` (${s.error})` : s.failed.length ? ` (not: ${s.failed.join('; ')})` : '';
  return `${s.agent.padEnd(8)} ${status.padEnd(7)} score ${s.score.toFixed(2)}  ${s.seconds.toFixed(1)} s${why}\n`;
}
