// Constructs the node adapters behind the ports, once per app, in four parts: the model side
// (llm.ts), the tools and their judge (tools.ts), the router (routing.ts) and the agents with their
// own loop (webAgents.ts). Heavy parts (the browser, the llama model, MCP servers) start lazily.
import type { AppInfo } from '../common/contract.js';
import type { EventInput } from '../common/events.js';
import type { Logger } from '../core/ports.js';
import { localEngineState, type LlamaModule } from '../node/llm/llamaEngine.js';
import type { Importer } from '../node/loadOptional.js';
import type { OnnxRuntime } from '../node/routing/onnxRouter.js';
import type { SecretStore } from '../node/settings/secrets.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';
import type { EmbeddedBrowserHooks } from '../node/web/embeddedView.js';
import { createLlm } from './llm.js';
import { createRouting } from './routing.js';
import { createTools } from './tools.js';
import { createOwnLoopAgents } from './webAgents.js';

export interface AdapterConfig {
  /** Caches of this host. */
  dataDir: string;
  /** From appPaths(): the shared models folder, the router folder and the model catalogue. */
  modelsDir: string;
  routerDir: string;
  catalogFile: string;
  settings: SettingsStore;
  logger: Logger;
  emit: (event: EventInput) => void;
  replayFile?: string;
  workspace: () => string;
  secrets: SecretStore;
  embeddedBrowser?: EmbeddedBrowserHooks;
  /** Fetch the knowledge index's embedding model on first use (the desktop app); elsewhere `agentic models download`. */
  knowledgeDownload?: boolean;
  /** How the engines with per-platform binaries are imported (defaults: the real packages); tests inject failing ones. */
  engines?: { onnxRuntime?: Importer<OnnxRuntime>; llamaCpp?: Importer<LlamaModule> };
}

export type Adapters = Awaited<ReturnType<typeof createAdapters>>;

export async function createAdapters(config: AdapterConfig) {
  const { settings, logger } = config;
  const llm = createLlm({ ...config, llamaCpp: config.engines?.llamaCpp });
  const tools = await createTools(config);
  const routing = createRouting({ routerDir: config.routerDir, settings, logger, onnxRuntime: config.engines?.onnxRuntime });
  const ownLoop = createOwnLoopAgents(config);
  const { code, knowledge, mcp } = tools;
  return {
    provider: llm.provider,
    modelLoad: llm.modelLoad,
    models: llm.models,
    /** Engines a platform may lack: the app runs on without them and says so (app.info). */
    engines: (): NonNullable<AppInfo['engines']> => ({ router: routing.state(), localModel: localEngineState() }),
    /** The doctor's report from what this app already detected; loads no engine (issue 27). */
    doctor: async (version: string, measureCpu = true) => {
      const [{ collectDoctor }, { localDoctorSources }] = await Promise.all([import('../node/doctor/collect.js'), import('../node/doctor/sources.js')]);
      return collectDoctor(
        localDoctorSources({
          ...{ version, provider: settings.get().provider, dataDir: config.dataDir, modelsDir: config.modelsDir, logger, probeEngines: false, measureCpu, speeds: llm.speeds },
          ...{ sandbox: async () => code.sandbox, interpreters: async () => code.toolchains, router: async () => routing.state() },
        }),
      );
    },
    languages: code.languages,
    sandbox: code.sandbox,
    explainSandbox: (workspace: string) => code.explain(workspace),
    mcp: mcp.manager,
    knowledge,
    tools: tools.tools,
    judge: tools.judge,
    router: routing.router,
    mcpToolList: mcp.toolList,
    webAgent: ownLoop.webAgent,
    plannerAgent: ownLoop.plannerAgent,
    async dispose() {
      await Promise.allSettled([llm.provider.dispose(), mcp.manager.dispose(), ownLoop.dispose(), knowledge.close()]);
    },
  };
}
