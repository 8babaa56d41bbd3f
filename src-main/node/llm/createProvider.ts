// Builds the provider the settings ask for.
import { AppError } from '../../common/errors.js';
import type { ProviderKind } from '../../common/providers.js';
import type { ProviderSettings } from '../../common/settings.js';
import type { LlmProvider, Logger } from '../../core/ports.js';
import { AnthropicProvider } from './anthropic.js';
import type { Importer } from '../loadOptional.js';
import { LlamaCppProvider } from './llamaCpp.js';
import { activeEngineKind, type LlamaModule } from './llamaEngine.js';
import type { ModelLoadListener } from './loadProgress.js';
import { resolveModelPath, type CatalogEntry } from './modelManager.js';
import { OllamaProvider } from './ollama.js';
import { OpenAiCompatibleProvider } from './openaiCompatible.js';
import { placementsFile, recordPlacement } from './placementStore.js';
import { withSpeedRecording, type SpeedStore } from './speedStore.js';

export interface ProviderDeps {
  logger: Logger;
  /** Where catalogue models are downloaded. */
  modelsDir: string;
  /** The key behind settings.apiKeyRef, already read from the secret store. */
  apiKey?: string;
  /** Silence allowed before/between tokens for HTTP providers (default 5 min). */
  idleTimeoutMs?: number;
  /** llama only: false forces CPU. */
  gpu?: 'auto' | false;
  /** The model catalogue; read from this checkout's resources/ when not given (a bundled app passes its own). */
  catalog?: CatalogEntry[];
  /** llama only: where evaluated system prompts are kept across sessions and restarts. */
  promptCacheDir?: string;
  /** llama only: how node-llama-cpp is imported (tests inject one that fails). */
  llamaEngine?: Importer<LlamaModule>;
  /** llama only: the model's load progress, then loaded or failed. */
  onModelLoad?: ModelLoadListener;
  /** llama only: where each call's measured speed is kept (speedStore.ts). */
  speeds?: SpeedStore;
}

type Builder = (settings: ProviderSettings, deps: ProviderDeps) => LlmProvider;

// One builder per kind of the table (common/providers.ts), so that a new kind fails `tsc` until it
// has one; replay is the exception, wired by the app from its file (node/settings/providerHolder.ts).
const BUILDERS: Record<Exclude<ProviderKind, 'replay'>, Builder> = {
  llama: (settings, deps) => {
    const modelPath = resolveModelPath(settings.model, deps.modelsDir, deps.catalog);
    const provider = new LlamaCppProvider({
      modelPath,
      logger: deps.logger,
      threads: settings.threads,
      contextSize: settings.contextSize,
      promptCacheDir: deps.promptCacheDir,
      engine: deps.llamaEngine,
      onLoad: (load) => {
        // Kept for the doctor (another process): what node-llama-cpp loaded, beside the speeds.
        if (load.placement && deps.speeds) void recordPlacement(placementsFile(deps.modelsDir), modelPath, load.placement, deps.logger);
        deps.onModelLoad?.(load);
      },
      // A pin from Settings (provider.engine) unless the host forces the CPU.
      ...(deps.gpu !== undefined ? { gpu: deps.gpu } : settings.engine !== 'auto' ? { gpu: settings.engine } : {}),
    });
    return deps.speeds ? withSpeedRecording(provider, { store: deps.speeds, modelPath, engine: activeEngineKind, logger: deps.logger }) : provider;
  },
  openai: (settings, { apiKey, logger, idleTimeoutMs }) =>
    new OpenAiCompatibleProvider({ baseUrl: settings.baseUrl, model: settings.model, apiKey, logger, contextSize: settings.contextSize, idleTimeoutMs }),
  ollama: (settings, { logger, idleTimeoutMs }) =>
    new OllamaProvider({ baseUrl: settings.baseUrl, model: settings.model, logger, contextSize: settings.contextSize, idleTimeoutMs }),
  anthropic: (settings, { apiKey, logger, idleTimeoutMs }) =>
    new AnthropicProvider({ baseUrl: settings.baseUrl, model: settings.model, apiKey: apiKey ?? '', logger, contextSize: settings.contextSize, idleTimeoutMs }),
};

export function createProvider(settings: ProviderSettings, deps: ProviderDeps): LlmProvider {
  if (settings.kind === 'replay') throw new AppError('BAD_INPUT', `createProvider does not build "${settings.kind}" providers; the app wires them.`);
  return BUILDERS[settings.kind](settings, deps);
}
