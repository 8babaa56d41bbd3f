// The model side of the adapters: the provider turns use (rebuilt when its settings change), the
// model catalogue and downloads, and this machine's measured speeds.
import { join } from 'node:path';
import { AppError } from '../common/errors.js';
import type { Logger } from '../core/ports.js';
import type { LlamaModule } from '../node/llm/llamaEngine.js';
import { machineProfile } from '../node/llm/machineProfile.js';
import { loadCatalog, ModelManager } from '../node/llm/modelManager.js';
import { SpeedStore } from '../node/llm/speedStore.js';
import type { Importer } from '../node/loadOptional.js';
import { ModelLoadTracker } from '../node/settings/modelLoad.js';
import { lazyProvider, loadReplayProvider, ProviderHolder } from '../node/settings/providerHolder.js';
import type { SecretStore } from '../node/settings/secrets.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';
import type { EventInput } from '../common/events.js';

export interface LlmConfig {
  dataDir: string;
  modelsDir: string;
  catalogFile: string;
  settings: SettingsStore;
  secrets: SecretStore;
  logger: Logger;
  emit: (event: EventInput) => void;
  replayFile?: string;
  llamaCpp?: Importer<LlamaModule>;
}

export function createLlm(config: LlmConfig) {
  const { settings, logger, modelsDir } = config;
  const catalog = loadCatalog(config.catalogFile);
  const modelLoad = new ModelLoadTracker(config.emit);
  // Speeds: estimated from this machine's profile, measured once a model ran (issue 27).
  const speeds = new SpeedStore(join(modelsDir, 'speeds.json'), logger);
  const profile = machineProfile({
    probeCache: join(config.dataDir, 'cache', 'hardware-probe.json'),
    threads: () => settings.get().provider.threads,
    logger,
    llamaEngine: config.llamaCpp,
  });
  const provider = createProviderHolder(config, catalog, modelLoad, speeds);
  const models = new ModelManager({
    modelsDir,
    logger,
    catalog,
    memory: async () => (await import('../node/llm/llamaEngine.js')).detectMachineMemory(logger, config.llamaCpp),
    profile,
    speeds,
  });
  return { provider, modelLoad, speeds, models };
}

function createProviderHolder(config: LlmConfig, catalog: ReturnType<typeof loadCatalog>, modelLoad: ModelLoadTracker, speeds: SpeedStore): ProviderHolder {
  const { settings, logger, modelsDir } = config;
  const replay = config.replayFile ? loadReplayProvider(config.replayFile) : null;
  return new ProviderHolder(
    () => settings.get().provider,
    // node-llama-cpp and the HTTP SDKs load on the first model call, not at start.
    (s) => {
      const onModelLoad = modelLoad.listenerForNewProvider();
      return s.kind === 'replay' || replay
        ? (replay ?? failReplay())
        : lazyProvider(async () =>
            (await import('../node/llm/createProvider.js')).createProvider(s, {
              logger,
              modelsDir,
              catalog,
              promptCacheDir: join(config.dataDir, 'cache', 'prompt-states'),
              llamaEngine: config.llamaCpp,
              apiKey: config.secrets.get(s.apiKeyRef) ?? process.env.AGENTIC_API_KEY,
              onModelLoad,
              speeds,
            }),
          );
    },
    logger,
  );
}

function failReplay(): never {
  throw new AppError('REPLAY_INVALID', 'The replay provider needs a replay file (--replay FILE).');
}
