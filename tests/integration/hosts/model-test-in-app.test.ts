// models.test / models.testStop over the real app and dispatch (issue 25): the battery runs on the
// app's own provider (a Replay script the scratch app could not open by itself), reports its progress
// as events, refuses a second start while it runs, stops on request, removes its scratch folder
// and keeps the result where models.testResults reads it. The user's sessions are not touched.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app/index.js';
import { dispatch } from '../../../src-main/common/dispatch.js';
import type { EventOf } from '../../../src-main/common/events.js';
import { silentLogger } from '../../../src-main/node/logger.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-test-in-app-'));
// The scratch folders are made under TMPDIR: a folder of this test's own, so they can be counted.
const tmp = join(home, 'tmp');
mkdirSync(tmp);
const savedTmp = process.env.TMPDIR;
afterAll(() => {
  process.env.TMPDIR = savedTmp;
  rmSync(home, { recursive: true, force: true });
});
const ctx = { clientId: 'c' };
// Batteries in other test files run at the same time: this one's fixture page gets a port of its own.
process.env.AGENTIC_SELFTEST_PORT = '47293';

async function appWith(responses: string[], name: string): Promise<{ app: App; progress: EventOf<'selftest.progress'>[] }> {
  const data = join(home, name);
  mkdirSync(data);
  const replay = join(data, 'replay.json');
  writeFileSync(replay, JSON.stringify({ responses }));
  const app = await createApp({ host: 'web', dataDir: data, logger: silentLogger, replayFile: replay, runSchedules: false });
  const progress: EventOf<'selftest.progress'>[] = [];
  app.subscribe((e) => e.type === 'selftest.progress' && progress.push(e));
  return { app, progress };
}

const scratches = () => readdirSync(tmp).filter((n) => n.startsWith('agentic-selftest-'));
const ended = (progress: EventOf<'selftest.progress'>[]) => progress.find((p) => p.state !== 'running');
async function until<T>(read: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('models.test in the app', () => {
  let app: App | null = null;
  beforeEach(() => void (process.env.TMPDIR = tmp));
  afterEach(async () => {
    await app?.dispose();
    app = null;
  });

  it('stops on request, refuses a second start meanwhile, and leaves no scratch folder', async () => {
    const slow = "```python\nimport time\nopen('started.txt', 'w').write('x')\ntime.sleep(300)\n```";
    const made = await appWith(['La capitale de l’Italie est Rome.', slow, 'Done.'], 'stop');
    app = made.app;
    const started = await dispatch(app.handlers, 'models.test', {}, ctx);
    expect(started).toMatchObject({ ok: true, value: { model: 'llama-default', of: 6 } });
    const again = await dispatch(app.handlers, 'models.test', {}, ctx);
    expect(again).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringMatching(/already running/) } });
    // The coder's program runs (and would sleep for five minutes): stop.
    await until(() => (scratches().some((n) => existsSync(join(tmp, n, 'workspace', 'started.txt'))) ? true : undefined));
    expect(await dispatch(app.handlers, 'models.testStop', {}, ctx)).toEqual({ ok: true, value: { stopped: true } });
    const end = await until(() => ended(made.progress));
    expect(end).toMatchObject({
      state: 'stopped',
      agent: null,
      of: 6,
      done: [
        { agent: 'casual', passed: true },
        { agent: 'coder', error: 'stopped by the user' },
      ],
    });
    expect(made.progress.filter((p) => p.state === 'running').map((p) => p.agent)).toEqual([null, 'casual', null, 'coder', null]);
    expect(scratches()).toEqual([]);
    expect(await dispatch(app.handlers, 'models.testStop', {}, ctx)).toEqual({ ok: true, value: { stopped: false } });
    const results = await dispatch(app.handlers, 'models.testResults', {}, ctx);
    expect(results).toMatchObject({ ok: true, value: { current: 'llama-default', results: [{ model: 'llama-default', interrupted: true, of: 2 }] } });
    expect(await dispatch(app.handlers, 'session.list', {}, ctx)).toEqual({ ok: true, value: [] });
  }, 120_000);

  it('scores every task failed, with the reason, when every model call fails', async () => {
    // An empty script: every model call fails at once (the replay is exhausted).
    const made = await appWith([], 'empty');
    app = made.app;
    await dispatch(app.handlers, 'models.test', {}, ctx);
    const end = await until(() => ended(made.progress));
    expect(end.state).toBe('done');
    expect(end.done.map((d) => [d.agent, d.passed])).toEqual(['casual', 'coder', 'file', 'web', 'mcp', 'planner'].map((a) => [a, false]));
    expect(end.done[0]!.error).toMatch(/replay/i);
    expect(scratches()).toEqual([]);
  }, 120_000);

  it('runs on the embedded engine already loaded by the app: the tiny GGUF scores low, with the engine’s own speeds', async () => {
    const { tinyModelPath } = await import('../../helpers/tinyGguf.js');
    const data = join(home, 'llama');
    mkdirSync(data);
    app = await createApp({ host: 'web', dataDir: data, logger: silentLogger, runSchedules: false, settings: { provider: { kind: 'llama', model: tinyModelPath() } } });
    const loads: string[] = [];
    const progress: EventOf<'selftest.progress'>[] = [];
    app.subscribe((e) => {
      if (e.type === 'model.loadProgress' && e.status !== 'loading') loads.push(e.status);
      if (e.type === 'selftest.progress') progress.push(e);
    });
    // The user's own model, loaded before the test (a first request would do the same).
    await app.provider().info();
    expect(loads).toEqual(['loaded']);
    await dispatch(app.handlers, 'models.test', {}, ctx);
    const end = await until(() => ended(progress), 500_000);
    expect(end).toMatchObject({ state: 'done', of: 6 });
    expect(end.done).toHaveLength(6);
    // The battery's turns ran on that same loaded model: no second load was reported.
    expect(loads).toEqual(['loaded']);
    const kept = (await app.handlers['models.testResults']({}, ctx)).results[0]!;
    expect(kept.score).toBeLessThan(0.5);
    expect(kept.speed).toMatchObject({ source: 'engine', generationPerSecond: expect.any(Number) });
  }, 560_000);
});
