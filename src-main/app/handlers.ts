// Every command of the contract, by domain, each from its own module. `Handlers` requires all of
// them, so a command without a handler does not compile; servedOnce refuses one served twice.
// Nothing is patched afterwards: what a command must also do (deleting a session deletes its
// checkpoints) is passed in here.
import { dirname, join } from 'node:path';
import type { Handlers } from '../common/contract.js';
import { createSessionHandlers } from '../core/engine/sessionHandlers.js';
import { createMemoryHandlers } from '../core/memory/memoryHandlers.js';
import type { LocalApiService } from '../node/api/service.js';
import { createCheckpointHandlers } from '../node/checkpoints/handlers.js';
import { createBrowserHandlers } from '../node/handlers/browser.js';
import { createEngineHandlers } from '../node/handlers/engines.js';
import { EngineDownloads } from '../node/llm/engines/service.js';
import { enginesDir } from '../node/llm/engines/resolve.js';
import { createMcpHandlers } from '../node/handlers/mcp.js';
import { createModelHandlers } from '../node/handlers/models.js';
import { createOnboardingHandlers } from '../node/handlers/onboarding.js';
import { createSettingsHandlers } from '../node/handlers/settings.js';
import { createSystemHandlers } from '../node/handlers/system.js';
import { createWorkspaceHandlers } from '../node/handlers/workspace.js';
import { createKnowledgeHandlers } from '../node/knowledge/handlers.js';
import { silentLogger } from '../node/logger.js';
import type { Adapters } from './adapters.js';
import type { AppConfig } from './config.js';
import type { EngineParts } from './engine.js';
import type { Foundations } from './foundations.js';
import { servedOnce } from './servedOnce.js';
import type { Services } from './services.js';
import type { SelfTestService } from './selfTest/service.js';

export function composeHandlers(
  ...[config, base, adapters, services, parts, localApi, selfTest]: [AppConfig, Foundations, Adapters, Services, EngineParts, LocalApiService, SelfTestService]
): Handlers {
  const { store, settings, secrets, workspace } = base;
  const emit = base.bus.emit;
  const { checkpoints, voice } = services;
  const sessions = createSessionHandlers({ store, engine: parts.engine, approvals: parts.approvals, emit, onDeleted: async (id) => void (await checkpoints.deleteSession(id)) });
  return servedOnce(
    // What runs here, first-run detection, settings.
    createSystemHandlers({
      ...{ host: config.host, version: base.version, settings, secrets, workspace, canReveal: config.revealPath !== undefined },
      ...{ provider: () => adapters.provider.get(), modelLoad: adapters.modelLoad, engines: adapters.engines, doctor: adapters.doctor },
      ...{ languages: adapters.languages, sandbox: adapters.sandbox, explainSandbox: adapters.explainSandbox, router: adapters.router },
    }),
    createOnboardingHandlers({ memory: async () => (await import('../node/llm/llamaEngine.js')).detectMachineMemory(silentLogger), pickPath: config.pickPath }),
    createSettingsHandlers({ settings, secrets }),
    // Sessions and their turns, approvals, memory, checkpoints; voice sends turns like the composer.
    sessions,
    createMemoryHandlers({ memory: store.memory, sessions: store, emit }),
    createCheckpointHandlers(checkpoints),
    voice.handlers(sessions['turn.send']),
    // Models, MCP servers, the embedded browser, the workspace and its index.
    createModelHandlers({ models: adapters.models, settings, emit, modelTestsDir: join(dirname(base.paths.modelsDir), 'model-tests') }),
    // "Test this model" (issue 25): the self-test battery run in the app.
    selfTest.handlers,
    createMcpHandlers({ mcp: adapters.mcp, settings }),
    createBrowserHandlers(config.embeddedBrowser),
    createWorkspaceHandlers({ workspace, settings, emit, droppedPaths: config.droppedPaths, revealPath: config.revealPath }),
    createKnowledgeHandlers(adapters.knowledge, workspace),
    // The local API's switch, and scheduled runs.
    localApi.handlers(),
    services.schedules.handlers,
    // GPU engines downloaded on demand (issue 27).
    createEngineHandlers(EngineDownloads.forApp(enginesDir(base.paths.modelsDir), base.paths.appRoot, base.logger)),
  );
}
