// The model self-test's run (issue 25), shared by `agentic models test` and the app's "Test this
// model": a scratch folder (workspace files, a data folder), the local fixture page, each battery
// task run as a turn of a scratch app, the tasks scored from their events, and the result kept per
// model where the app reads it (models.testResults).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { App } from '../config.js';
import type { AppEvent } from '../../common/events.js';
import type { SelfTestAgentScore, SelfTestResult, SelfTestSpeed } from '../../common/selfTest.js';
import type { AgentName } from '../../common/agents.js';
import { handleTowerRequest } from './towerServer.js';
import { FIXTURE_PAGE, SCRATCH_FILES, scoreTask, selfTestBattery, type SelfTestTask } from '../../core/selftest/battery.js';

/** Each task's turn is cancelled past this; the battery stays within a few minutes whatever the model does. */
const TASK_LIMIT_MS = 90_000;

/** The fixture page's port when free, so a replay script can name the page; any free port otherwise. */
export const FIXTURE_PORT = 47291;

/** AGENTIC_SELFTEST_PORT moves it (two scripted batteries at once on one machine: each its own page). */
function preferredPort(): number {
  const port = Number(process.env.AGENTIC_SELFTEST_PORT);
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : FIXTURE_PORT;
}

const CLIENT = { clientId: 'selftest' };

/** Stops the battery: no further task starts, and the running turn (its model call, its block) is cancelled. */
export class SelfTestStop {
  stopped = false;
  cancel: (() => void) | null = null;
  stop(): void {
    this.stopped = true;
    this.cancel?.();
  }
}

async function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
}

/** The battery's local fixtures on 127.0.0.1: the page the web task opens, and the mcp task's test server at /mcp. */
export interface Fixtures {
  server: Server;
  url: string;
  mcpUrl: string;
}

export async function serveFixtures(): Promise<Fixtures> {
  const fixtures = () =>
    createServer((req, res) => {
      if (req.url?.startsWith('/mcp')) {
        handleTowerRequest(req, res).catch(() => res.headersSent || res.writeHead(500).end());
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FIXTURE_PAGE);
    });
  let server = fixtures();
  if (!(await listen(server, preferredPort()))) {
    server = fixtures();
    await listen(server, 0);
  }
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: `${origin}/harbour.html`, mcpUrl: `${origin}/mcp` };
}

export interface Scratch {
  root: string;
  workspace: string;
  data: string;
  remove(): void;
}

/** A scratch folder with the battery's workspace files and an empty data folder; never the user's. */
export function prepareScratch(): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'agentic-selftest-'));
  const workspace = join(root, 'workspace');
  for (const [path, text] of Object.entries(SCRATCH_FILES)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  const data = join(root, 'data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  return { root, workspace, data, remove: () => rmSync(root, { recursive: true, force: true, maxRetries: 3 }) };
}

/** Sends one task as a turn of the scratch app and scores what the turn did. */
async function runTask(app: App, task: SelfTestTask, stop: SelfTestStop): Promise<SelfTestAgentScore> {
  const events: AppEvent[] = [];
  let turn: string | null = null;
  let ended: (() => void) | null = null;
  const end = new Promise<void>((resolve) => (ended = resolve));
  const unsubscribe = app.subscribe((e) => {
    events.push(e);
    if (e.turnId === turn && (e.type === 'turn.done' || e.type === 'turn.failed' || e.type === 'turn.cancelled')) ended?.();
  });
  const started = performance.now();
  const timer = setTimeout(() => stop.cancel?.(), TASK_LIMIT_MS);
  try {
    const session = await app.handlers['session.create']({}, CLIENT);
    const sent = await app.handlers['turn.send']({ sessionId: session.id, text: task.request, agent: task.agent }, CLIENT);
    turn = sent.turnId;
    stop.cancel = () => app.engine.cancel(sent.turnId);
    if (stop.stopped) stop.cancel();
    if (!events.some((e) => e.turnId === turn && (e.type === 'turn.done' || e.type === 'turn.failed' || e.type === 'turn.cancelled'))) await end;
    const mine = events.filter((e) => e.turnId === turn);
    const done = mine.find((e) => e.type === 'turn.done');
    const failed = mine.find((e) => e.type === 'turn.failed');
    const cancelled = mine.some((e) => e.type === 'turn.cancelled');
    const error = done
      ? undefined
      : failed?.type === 'turn.failed'
        ? failed.error.message
        : cancelled && stop.stopped
          ? 'stopped by the user'
          : 'the turn was cancelled (time limit)';
    return scoreTask(task, mine, done?.type === 'turn.done' ? done.answer : '', (performance.now() - started) / 1000, error);
  } finally {
    clearTimeout(timer);
    stop.cancel = null;
    unsubscribe();
  }
}

export interface BatteryHooks {
  onStart?: (agent: AgentName) => void;
  onScore?: (score: SelfTestAgentScore) => void;
}

/** Runs the battery's tasks in order until the end or a stop; the scores of the tasks that ran. */
export async function runBattery(app: App, pageUrl: string, stop: SelfTestStop, hooks: BatteryHooks = {}): Promise<SelfTestAgentScore[]> {
  const scores: SelfTestAgentScore[] = [];
  for (const task of selfTestBattery({ pageUrl })) {
    if (stop.stopped) break;
    hooks.onStart?.(task.agent);
    const score = await runTask(app, task, stop);
    scores.push(score);
    hooks.onScore?.(score);
  }
  return scores;
}

/** The number of tasks in the battery. */
export const batterySize = (): number => selfTestBattery({ pageUrl: '' }).length;

/** The whole result, as kept and as models.testResults returns it. */
export function buildResult(model: string, scores: readonly SelfTestAgentScore[], interrupted: boolean, speed: SelfTestSpeed): SelfTestResult {
  const total = scores.reduce((s, x) => s + x.score, 0) / Math.max(1, scores.length);
  return {
    date: new Date().toISOString(),
    model,
    score: Math.round(total * 100) / 100,
    passed: scores.filter((s) => s.passed).length,
    of: scores.length,
    seconds: Math.round(scores.reduce((s, x) => s + x.seconds, 0)),
    interrupted,
    agents: [...scores],
    speed,
  };
}

/** Keeps the result under `dir`, one file per model (the newest replaces the last). */
export function keepResult(dir: string, result: SelfTestResult): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${result.model}.json`), JSON.stringify(result, null, 2));
}
