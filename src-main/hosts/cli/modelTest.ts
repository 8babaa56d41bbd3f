// `agentic models test [ID]`: the self-test battery (core/selftest, run by app/selfTest) against the
// configured model, or the one given by ID / --provider / --model / --replay, in a scratch workspace
// and data folder that are removed afterwards (never the user's workspace or sessions), with a local
// page for the web task. Prints a score per agent (or JSON lines) and the model's speed, keeps the
// result per model, exits 0 when it ran, 1 when it could not, 130 when stopped with Ctrl+C.
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../../app/index.js';
import { describeSpeed, selfTestModelKey, type SelfTestAgentScore, type SelfTestResult } from '../../common/selfTest.js';
import { appPaths } from '../../app/paths.js';
import { SpeedMeter } from '../../app/selfTest/meter.js';
import { batterySize, buildResult, keepResult, prepareScratch, runBattery, SelfTestStop, serveFixtures, type Fixtures } from '../../app/selfTest/run.js';
import { selfTestSettings } from '../../app/selfTest/scratchApp.js';
import { createLogger } from '../../node/logger.js';
import { fromCaller, modelFromCaller } from './callerPaths.js';
import type { ModelTestArgs } from './modelTestArgs.js';

export { FIXTURE_PORT } from '../../app/selfTest/run.js';

/** The exit status of a command stopped by Ctrl+C (128 + SIGINT), as shells report it. */
const STOPPED = 130;

function modelKey(app: App): string {
  const p = app.settings.get().provider;
  // The same key the app reads results by (models.testResults).
  return selfTestModelKey(p.kind, p.model);
}

/** The summary line (text or JSON) of a result. */
function summaryLine(args: ModelTestArgs, r: SelfTestResult): string {
  if (args.json) {
    const { model, score, passed, of, seconds, interrupted, speed } = r;
    return `${JSON.stringify({ summary: true, model, score, passed, of, seconds, interrupted, promptTokensPerSecond: speed?.promptPerSecond ?? null, generationTokensPerSecond: speed?.generationPerSecond ?? null, speedSource: speed?.source ?? null })}\n`;
  }
  return `${r.model}: ${r.passed}/${r.of} agents passed, score ${r.score}, ${r.seconds} s${r.interrupted ? ' (stopped)' : ''}\nspeed: ${describeSpeed(r.speed)}\n`;
}

function describe(s: SelfTestAgentScore): string {
  const status = s.passed ? 'passed' : 'FAILED';
  const why = s.error ? ` (${s.error})` : s.failed.length ? ` (not: ${s.failed.join('; ')})` : '';
  return `${s.agent.padEnd(8)} ${status.padEnd(7)} score ${s.score.toFixed(2)}  ${s.seconds.toFixed(1)} s${why}\n`;
}

export async function modelTestCommand(args: ModelTestArgs): Promise<number> {
  const user = appPaths({ host: 'cli' });
  // The user's settings (their configured model) are used; sessions and workspace stay scratch.
  const scratch = prepareScratch();
  // The CLI keeps provider API keys in its data folder (0600): the scratch copy reaches the same server.
  const keys = join(user.dataDir, 'secrets.json');
  if (existsSync(keys)) copyFileSync(keys, join(scratch.data, 'secrets.json'));
  const model = args.model ? modelFromCaller(args.model) : args.id;
  let app: App | null = null;
  const stop = new SelfTestStop();
  const meter = new SpeedMeter();
  let page: Fixtures | null = null;
  let scores: SelfTestAgentScore[] = [];
  const onSignal = () => {
    if (stop.stopped) {
      // A second Ctrl+C: leave at once, still without leaving the scratch folder behind.
      scratch.remove();
      process.exit(STOPPED);
    }
    process.stderr.write('Stopping the self-test (Ctrl+C)…\n');
    stop.stop();
  };
  process.on('SIGINT', onSignal);
  try {
    page = await serveFixtures();
    const { SettingsFile } = await import('../../node/settings/settingsFile.js');
    const current = new SettingsFile(join(user.dataDir, 'settings.json'), createLogger({ level: 'error' })).get();
    const settings = selfTestSettings(current, scratch.workspace, page.mcpUrl);
    app = await createApp({
      host: 'cli',
      paths: { ...user, dataDir: scratch.data },
      settings: {
        ...settings,
        provider: { ...current.provider, ...(args.provider && { kind: args.provider }), ...(model && { model }), ...(args.baseUrl && { baseUrl: args.baseUrl }) },
      },
      replayFile: args.replay ? fromCaller(args.replay) : undefined,
      turnProvider: (own) => meter.wrap(own()),
      // Nothing risky is approved: the battery needs none of it.
      askUser: async () => false,
      logger: createLogger({ level: 'error' }),
    });
    const running = app;
    scores = await runBattery(running, page.url, stop, {
      onScore: (s) => process.stdout.write(args.json ? `${JSON.stringify({ agent: s.agent, passed: s.passed, score: s.score, seconds: s.seconds })}\n` : describe(s)),
    });
    const result = buildResult(modelKey(running), scores, stop.stopped, meter.speed());
    process.stdout.write(summaryLine(args, result));
    if (scores.length) keepResult(join(user.dataDir, 'model-tests'), result);
  } catch (error) {
    if (!stop.stopped) {
      process.stderr.write(`The self-test could not run: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  } finally {
    await app?.dispose();
    page?.server.close();
    scratch.remove();
    process.removeListener('SIGINT', onSignal);
  }
  if (!stop.stopped) return 0;
  process.stderr.write(`The self-test was stopped by Ctrl+C after ${scores.length} of ${batterySize()} agents; its scratch folder was removed.\n`);
  return STOPPED;
}
