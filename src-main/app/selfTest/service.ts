// Settings → Models → "Test this model" (issue 25): the CLI's battery run inside the app, against
// the provider the app already holds (a loaded model is shared, never loaded twice), as turns of a
// scratch app (its own workspace and data folder, removed afterwards; the user's are never touched).
// Progress goes out as `selftest.progress` events; Stop cancels the running turn, so its model call
// and its block end too; the result is kept per model like `agentic models test` keeps it.
import type { App } from '../config.js';
import type { Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { EventInput } from '../../common/events.js';
import { selfTestModelKey, type SelfTestAgentScore, type SelfTestProgress } from '../../common/selfTest.js';
import type { LlmProvider, Logger } from '../../core/ports.js';
import type { ProviderSettings } from '../../common/settings.js';
import { SpeedMeter } from './meter.js';
import { batterySize, buildResult, keepResult, prepareScratch, runBattery, SelfTestStop, serveFixtures, type Fixtures, type Scratch } from './run.js';

export interface SelfTestServiceDeps {
  /** The provider the app's own turns use now. */
  provider: () => LlmProvider;
  providerSettings: () => ProviderSettings;
  /** Where results are kept (the folder models.testResults reads). */
  resultsDir: string;
  emit: (event: EventInput) => void;
  logger: Logger;
  /** Builds the scratch app whose turns run the battery, on the given (shared) provider. */
  /** The scratch app, its turns on `provider`, its only MCP server the test one at `mcpUrl`. */
  scratchApp: (scratch: Scratch, provider: () => LlmProvider, mcpUrl: string) => Promise<App>;
}

export interface SelfTestService {
  handlers: Pick<Handlers, 'models.test' | 'models.testStop'>;
  dispose(): Promise<void>;
}

export function createSelfTestService(deps: SelfTestServiceDeps): SelfTestService {
  let running: { stop: SelfTestStop; done: Promise<void> } | null = null;

  const run = async (model: string, stop: SelfTestStop): Promise<void> => {
    const of = batterySize();
    const done: SelfTestAgentScore[] = [];
    const progress = (p: Partial<SelfTestProgress>) =>
      deps.emit({ type: 'selftest.progress', sessionId: null, turnId: null, state: 'running', model, agent: null, done: [...done], of, error: null, ...p });
    progress({});
    const scratch = prepareScratch();
    const meter = new SpeedMeter();
    let page: Fixtures | null = null;
    let app: App | null = null;
    let end: Partial<SelfTestProgress> = { state: 'failed', error: 'the test ended unexpectedly' };
    try {
      page = await serveFixtures();
      app = await deps.scratchApp(scratch, () => meter.wrap(deps.provider()), page.mcpUrl);
      await runBattery(app, page.url, stop, { onStart: (agent) => progress({ agent }), onScore: (score) => (done.push(score), progress({})) });
      if (done.length) keepResult(deps.resultsDir, buildResult(model, done, stop.stopped, meter.speed()));
      end = { state: stop.stopped ? 'stopped' : 'done' };
    } catch (error) {
      deps.logger.warn('self-test failed', { error: String(error) });
      end = { state: 'failed', error: error instanceof Error ? error.message : String(error) };
    } finally {
      await app?.dispose().catch((error: unknown) => deps.logger.warn('self-test: scratch app dispose failed', { error: String(error) }));
      page?.server.close();
      scratch.remove();
      // Said last: when the app hears the end, nothing of the test is left running or on disk.
      progress(end);
    }
  };

  const start = () => {
    {
      if (running) throw new AppError('BAD_INPUT', 'A self-test is already running: stop it or wait for its end.');
      const p = deps.providerSettings();
      const model = selfTestModelKey(p.kind, p.model);
      const stop = new SelfTestStop();
      const entry = { stop, done: Promise.resolve() };
      entry.done = run(model, stop).finally(() => {
        if (running === entry) running = null;
      });
      running = entry;
      return { model, of: batterySize() };
    }
  };
  return {
    handlers: {
      'models.test': async () => start(),
      'models.testStop': async () => {
        running?.stop.stop();
        return { stopped: running !== null };
      },
    },
    async dispose() {
      running?.stop.stop();
      await running?.done;
    },
  };
}
