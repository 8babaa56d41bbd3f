// The composition root: the only place that constructs adapters and wires them to the ports.
// Every host (Electron, web, CLI) starts the same app through createApp(). Read it top to bottom:
// each step builds on the ones before it, and each lives in its own file of this folder.
import type { App, AppConfig } from './config.js';
import { createAdapters } from './adapters.js';
import { createEngine } from './engine.js';
import { createFoundations } from './foundations.js';
import { composeHandlers } from './handlers.js';
import { createLending, createLocalApi } from './lending.js';
import { createServices } from './services.js';
import { startBackground } from './startup.js';
import { createSelfTestService } from './selfTest/service.js';
import { scratchAppConfig } from './selfTest/scratchApp.js';
import { dirname, join } from 'node:path';
import { enginesDir, registerDownloadedEngines } from '../node/llm/engines/resolve.js';

export type { App, AppConfig } from './config.js';

export async function createApp(config: AppConfig): Promise<App> {
  // 1. Files, logger, settings, secrets, the session store, the event bus.
  const base = createFoundations(config);
  const { paths, settings, logger, bus, store, workspace } = base;
  // GPU engines downloaded on demand (issue 27): node-llama-cpp finds them through a loader hook.
  registerDownloadedEngines(enginesDir(paths.modelsDir));
  // 2. The adapters behind the ports: provider and models, tools and their judge, router, web agent.
  const adapters = await createAdapters({
    ...{ dataDir: paths.dataDir, modelsDir: paths.modelsDir, routerDir: paths.router, catalogFile: paths.catalog },
    ...{ settings, logger, emit: bus.emit, workspace, secrets: base.secrets },
    ...{ replayFile: config.replayFile, embeddedBrowser: config.embeddedBrowser, knowledgeDownload: config.host === 'electron' },
  });
  // 3. Voice, checkpoints, schedules, the agent registry.
  const services = await createServices(config, base, adapters);
  // 4. The engine that runs turns, and the approvals it waits on.
  const parts = createEngine(config, base, adapters, services);
  const { engine } = parts;
  // 5. What the local API lends to the user's other tools; it serves the handlers composed next.
  const lending = createLending(base, adapters, parts.askUser);
  const localApi = createLocalApi(base, adapters, lending, () => handlers);
  // 6. Every command of the contract, by domain; "Test this model" runs the self-test on a scratch app.
  const selfTest = createSelfTestService({
    ...{ provider: () => adapters.provider.get(), providerSettings: () => settings.get().provider, resultsDir: join(dirname(paths.modelsDir), 'model-tests') },
    ...{ emit: bus.emit, logger, scratchApp: (scratch, provider, mcpUrl) => createApp(scratchAppConfig(config, paths, settings.get(), scratch, provider, mcpUrl)) },
  });
  const handlers = composeHandlers(config, base, adapters, services, parts, localApi, selfTest);
  // 7. The local API (when turned on) and the doctor's log line start in the background.
  startBackground(config, base, adapters, localApi);

  return {
    handlers,
    checkpoints: services.checkpoints,
    subscribe: (listener) => bus.subscribe(listener),
    engine,
    store,
    settings,
    voice: services.voice,
    route: (text) => adapters.router.route(text),
    workspace,
    provider: () => adapters.provider.get(),
    lending,
    async dispose() {
      await selfTest.dispose();
      await localApi.dispose();
      await engine.dispose();
      await services.voice.dispose();
      await adapters.dispose();
      services.checkpoints.close();
      services.schedules.dispose();
      store.close();
    },
  };
}
