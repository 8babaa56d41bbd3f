// Constructs the node adapters behind the ports, once per app. Heavy parts (the browser, the
// llama model, MCP servers) start lazily, on first use.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { planStepAgents, type AgentChoice, type AgentName } from '../../common/agents.js';
import { AppError } from '../../common/errors.js';
import type { EventInput, RoutingDecision } from '../../common/events.js';
import type { Agent } from '../../core/agent.js';
import { promptVars, type AgentEnvironment } from '../../core/agents/definitions.js';
import { judgeBlock } from '../../core/approval/index.js';
import { mcpCallNeedsApproval, mcpTrustPredicate } from '../../core/mcp/trust.js';
import { formatToolList } from '../../core/mcp/format.js';
import { createMcpTool } from '../../core/mcp/mcpTool.js';
import { createPlannerAgent } from '../../core/planner/plannerAgent.js';
import type { ApprovalVerdict, Block, BlockJudge, Logger, RequestRouter, Tool } from '../../core/ports.js';
import { createBrowserSearch } from '../../core/web/browserSearch.js';
import type { BrowserDriver, WebSearch } from '../../core/web/driver.js';
import { createWebAgent } from '../../core/web/webAgent.js';
import type { BrowserWeb } from '../web/browserWeb.js';
import { SearxngSearch } from '../web/searxngSearch.js';
import { checkShellSyntax, createCodeTools } from '../exec/index.js';
import { defaultHomesDir } from '../exec/privateHome.js';
import { limitsOf } from '../exec/sandboxPolicy.js';
import { localEngineState, type EngineState, type LlamaModule } from '../llm/llamaEngine.js';
import { machineProfile } from '../llm/machineProfile.js';
import { loadCatalog, ModelManager } from '../llm/modelManager.js';
import { SpeedStore } from '../llm/speedStore.js';
import type { Importer } from '../loadOptional.js';
import { McpManager } from '../mcp/manager.js';
import { createRouteDecider, OnnxRouter, type OnnxRuntime } from '../routing/onnxRouter.js';
import { detectLanguage, lazyLanguageDetector } from '../routing/language.js';
import { decideRouteDetailed } from '../../core/routing/policy.js';
import { createFileFinderTool } from '../tools/fileFinder.js';
import { installedEmbedder, KnowledgeService } from '../knowledge/service.js';
import { taintingReadsOf } from '../workspace/untrusted.js';
import { ModelLoadTracker } from './modelLoad.js';
import { lazyProvider, loadReplayProvider, ProviderHolder } from './providerHolder.js';
import type { SecretStore } from './secrets.js';
import type { SettingsStore } from './settingsFile.js';

/** What the Electron host lends the app: its embedded browser view, once the window exists. */
export interface EmbeddedBrowserHooks {
  driverFactory: () => Promise<BrowserDriver>;
  setBounds: (rect: { x: number; y: number; width: number; height: number }) => void;
  /** The page shows an overlay (settings, approval, a dialog): the native view must not draw over it. */
  setOverlay?: (open: boolean) => void;
}

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

/** Engines a platform may lack: the app runs on without them and says so (app.info). */
export interface EngineStates {
  /** Unavailable: requests go to the casual agent unless the user picks one in the agent picker. */
  router: EngineState;
  /** The embedded llama.cpp; null until first needed. Unavailable: a model server or cloud provider. */
  localModel: EngineState;
}

export type Adapters = Awaited<ReturnType<typeof createAdapters>>;

export async function createAdapters(config: AdapterConfig) {
  const { settings, logger, emit } = config;
  const { modelsDir } = config;
  const catalog = loadCatalog(config.catalogFile);
  const replay = config.replayFile ? loadReplayProvider(config.replayFile) : null;
  const modelLoad = new ModelLoadTracker(emit);
  // Speeds: estimated from this machine's profile, measured once a model ran (issue 27).
  const speeds = new SpeedStore(join(modelsDir, 'speeds.json'), logger);
  const profile = machineProfile({
    probeCache: join(config.dataDir, 'cache', 'hardware-probe.json'),
    threads: () => settings.get().provider.threads,
    logger,
    llamaEngine: config.engines?.llamaCpp,
  });
  const provider = new ProviderHolder(
    () => settings.get().provider,
    // node-llama-cpp and the HTTP SDKs load on the first model call, not at start.
    (s) => {
      const onModelLoad = modelLoad.listenerForNewProvider();
      return s.kind === 'replay' || replay
        ? (replay ?? failReplay())
        : lazyProvider(async () =>
            (await import('../llm/createProvider.js')).createProvider(s, {
              logger,
              modelsDir,
              catalog,
              promptCacheDir: join(config.dataDir, 'cache', 'prompt-states'),
              llamaEngine: config.engines?.llamaCpp,
              apiKey: config.secrets.get(s.apiKeyRef) ?? process.env.AGENTIC_API_KEY,
              onModelLoad,
              speeds,
            }),
          );
    },
    logger,
  );
  const code = await createCodeTools({
    // Read at each block, so a change in Settings applies to the next block.
    network: () => settings.get().sandbox.network,
    compileTimeoutMs: () => settings.get().compileTimeoutSec * 1000,
    // Blocks never see the data folder; their private homes live beside it (issue 16).
    homesDir: defaultHomesDir(config.dataDir),
    toolchainCache: join(config.dataDir, 'cache', 'toolchains.json'),
    hidden: [config.dataDir, config.modelsDir],
    limits: () => limitsOf(settings.get().sandbox),
    allowUnsandboxed: () => settings.get().sandbox.allowUnsandboxed,
    logger,
  });
  const untrustedMarks = () => settings.get().untrustedPaths;
  // The workspace's search index (issue 30): opened on first use, then kept current in the background.
  const knowledge = new KnowledgeService({
    dataDir: config.dataDir,
    logger,
    untrustedMarks,
    embedder: installedEmbedder(modelsDir, logger, { download: config.knowledgeDownload }),
  });
  const fileFinder = createFileFinderTool({ untrustedMarks, untrustedFiles: () => settings.get().untrustedFiles, knowledge });
  // What a code block reads cannot be seen: in a workspace holding a marked file, or fetched from the network, its output is untrusted.
  const untrustedFiles = () => settings.get().untrustedFiles;
  const codeTools = code.tools.map((tool) => taintingReadsOf(tool, untrustedMarks, () => settings.get().sandbox.network, untrustedFiles));
  const mcp = new McpManager(settings.get().mcpServers, {
    logger,
    cwd: config.workspace(),
    onStatus: (c) => emit({ type: 'mcp.status', sessionId: null, turnId: null, server: c.server, status: c.status, message: c.message }),
  });
  const trust = () => ({ servers: settings.get().mcpServers, mode: settings.get().approval.mode });
  const mcpTool = createMcpTool(mcp, { isTrusted: mcpTrustPredicate(trust) });
  // The router (onnxruntime-node, its model and the language detector: ~200 ms) loads with the first
  // request, not with the app, so the window is ready sooner; until then its state is unknown (null).
  let routerState: EngineState = { available: null, message: null };
  // One language detector for the router and for requests whose agent the user chose.
  const languages = lazyLanguageDetector(logger);
  let decider: Promise<ReturnType<typeof createRouteDecider> | null> | null = null;
  const routeDecider = () =>
    (decider ??= OnnxRouter.load(config.routerDir, logger, config.engines?.onnxRuntime, languages).then(
      (router) => {
        routerState = { available: true, message: null };
        return createRouteDecider(router, { mcpConfigured: () => settings.get().mcpServers.length > 0, logger });
      },
      (error: unknown) => {
        routerState = { available: false, message: error instanceof Error ? error.message : String(error) };
        logger.warn('router unavailable; requests go to the casual agent', { error: routerState.message });
        return null;
      },
    ));
  // Chromium and puppeteer start with the first web request.
  let browser: Promise<BrowserWeb> | null = null;
  const web = (): Promise<BrowserWeb> =>
    (browser ??= import('../web/browserWeb.js').then((m) =>
      m.createBrowserWeb({ searxngUrl: settings.get().searxngUrl || undefined, logger, executablePath: process.env.AGENTIC_CHROME }),
    ));
  const models = new ModelManager({
    modelsDir,
    logger,
    catalog,
    memory: async () => (await import('../llm/llamaEngine.js')).detectMachineMemory(logger, config.engines?.llamaCpp),
    profile,
    speeds,
  });

  // The registry says an mcp block acts outside and is checked by 'mcp-call'; the check needs the trust settings.
  const toolChecks = {
    'mcp-call': (block: Block): ApprovalVerdict => {
      const call = mcpTool.inspect(block).call;
      return call ? mcpCallNeedsApproval(call, trust()) : { action: 'allow' }; // unreadable: the tool answers with feedback and calls nothing
    },
  };
  // The approval mode is the judge's own setting, read at each block.
  const judge: BlockJudge = {
    judge: async (block, opts): Promise<ApprovalVerdict> => judgeBlock(block, { ...opts, mode: settings.get().approval.mode, checkShellSyntax, toolChecks, fileKind: fileKindOf }),
  };
  const router: RequestRouter = {
    route: async (text: string, userChoice?: AgentChoice): Promise<RoutingDecision> => {
      if (userChoice && userChoice !== 'auto') {
        // The user named the agent: only the request's language is needed, not the router's model.
        const scores = { agent: {}, complexity: { LOW: 1, HIGH: 0 }, language: await detectLanguage(text, languages) };
        return decideRouteDetailed(scores, { mcpConfigured: settings.get().mcpServers.length > 0, userChoice, text }).decision;
      }
      const decide = await routeDecider();
      if (!decide) throw new AppError('ROUTER_UNAVAILABLE', 'The router model is not available.');
      return decide(text, userChoice);
    },
  };

  return {
    provider,
    modelLoad,
    engines: (): EngineStates => ({ router: routerState, localModel: localEngineState() }),
    /** The doctor's report from what this app already detected; loads no engine (issue 27). */
    doctor: async (version: string, measureCpu = true) => {
      const [{ collectDoctor }, { localDoctorSources }] = await Promise.all([import('../doctor/collect.js'), import('../doctor/sources.js')]);
      const p = settings.get().provider;
      return collectDoctor(
        localDoctorSources({
          ...{ version, provider: p, dataDir: config.dataDir, modelsDir, logger, probeEngines: false, measureCpu, speeds },
          ...{ sandbox: async () => code.sandbox, interpreters: async () => code.toolchains, router: async () => routerState },
        }),
      );
    },
    languages: code.languages,
    sandbox: code.sandbox,
    explainSandbox: (workspace: string) => code.explain(workspace),
    models,
    mcp,
    knowledge,
    tools: (): readonly Tool[] => [...codeTools, ...code.unavailable, fileFinder, mcpTool],
    judge,
    router,
    mcpToolList: async (): Promise<string> => {
      const lists = await Promise.all(
        mcp.serverNames().map((name) =>
          mcp.serverTools(name).catch((error: unknown) => {
            logger.warn('mcp server unavailable', { server: name, error: String(error) });
            return [];
          }),
        ),
      );
      const tools = lists.flat();
      return tools.length ? formatToolList(tools) : 'No MCP server is configured or reachable: tell the user to add one in Settings.';
    },
    webAgent: (env: AgentEnvironment): Agent => {
      const embedded = config.embeddedBrowser;
      // In Electron the user watches the embedded view itself; elsewhere CDP frames stream to the pane.
      // Electron: search too runs in the view, on the run's own page; no system Chrome is ever launched.
      return embedded
        ? createWebAgent({ driver: embedded.driverFactory, search: embeddedSearch(embedded, settings, logger), searchInPage: true, prompts: env.prompts, screencast: false })
        : createWebAgent({ driver: async () => (await web()).driverFactory(), search: lazySearch(web), prompts: env.prompts });
    },
    plannerAgent: (env: AgentEnvironment): Agent =>
      createPlannerAgent({
        prompts: env.prompts,
        vars: (ctx) => promptVars(env, ctx),
        stepAgents: (): AgentName[] => planStepAgents(settings.get().mcpServers.length > 0),
      }),
    async dispose() {
      await Promise.allSettled([provider.dispose(), mcp.dispose(), browser?.then((b) => b.dispose()), knowledge.close()]);
    },
  };
}

/** What the judge needs to know about a path: rewriting an existing file asks. */
function fileKindOf(path: string): 'file' | 'dir' | null {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st === undefined ? null : st.isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

function failReplay(): never {
  throw new AppError('REPLAY_INVALID', 'The replay provider needs a replay file (--replay FILE).');
}

/** Search in the Electron view, or through SearxNG when one is configured (read at each search). */
function embeddedSearch(embedded: EmbeddedBrowserHooks, settings: SettingsStore, logger: Logger): WebSearch {
  const inView = createBrowserSearch({ driver: embedded.driverFactory, logger });
  const searxng = (): WebSearch | null => {
    const url = settings.get().searxngUrl;
    return url ? new SearxngSearch(url) : null;
  };
  return {
    name: 'browser',
    search: (query, signal) => (searxng() ?? inView).search(query, signal),
    searchOn: (driver, query, signal) => {
      const server = searxng();
      return server ? server.search(query, signal) : inView.searchOn!(driver, query, signal);
    },
  };
}

/** The search of the browser that is created on first use. */
function lazySearch(web: () => Promise<BrowserWeb>): BrowserWeb['search'] {
  return {
    name: 'browser',
    search: async (query, signal) => (await web()).search.search(query, signal),
  };
}
