// The composition root: the only place that constructs adapters and wires them to the ports.
// Every host (Electron, web, CLI) starts the same app through createApp().
import { mkdirSync, readFileSync } from 'node:fs';
import { platform, release } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { appPaths, type AppPaths } from './app/paths.js';
import type { AgentName } from './common/agents.js';
import type { Handlers } from './common/contract.js';
import type { AppEvent, RoutingDecision } from './common/events.js';
import type { SettingsPatch } from './common/settings.js';
import { createAgentRegistry } from './node/settings/agents.js';
import { ApprovalRegistry } from './core/engine/pendingApprovals.js';
import { AgentEngine } from './core/engine/engine.js';
import { EventBus } from './core/engine/eventBus.js';
import { createSessionHandlers } from './core/engine/sessionHandlers.js';
import { assemblePrompt } from './core/prompts.js';
import type { AskUser, LlmProvider, Logger } from './core/ports.js';
import { createAdapters } from './node/settings/adapters.js';
import { createPromptFiles } from './node/settings/promptFiles.js';
import type { EmbeddedBrowserHooks } from './node/settings/adapters.js';
import { SecretStore, type SecretCipher } from './node/settings/secrets.js';
import { SettingsFile } from './node/settings/settingsFile.js';
import { createNodeHandlers } from './node/handlers/index.js';
import { createKnowledgeHandlers } from './node/knowledge/handlers.js';
import type { PathPicker } from './node/handlers/onboarding.js';
import type { PathRevealer } from './node/handlers/workspaceReveal.js';
import { createVoice, type VoiceWiring } from './node/voice/handlers.js';
import type { TtsEngine } from './node/voice/tts.js';
import { createLogger } from './node/logger.js';
import { SqliteStore } from './node/store/sqliteStore.js';
import { createCheckpointService } from './node/checkpoints/wiring.js';
import type { CheckpointService } from './node/checkpoints/service.js';
import { createInputFiles } from './node/workspace/inputFiles.js';
import { createMemoryHandlers } from './core/memory/memoryHandlers.js';
import type { Lending } from './node/api/expose.js';
import { LocalApiService } from './node/api/service.js';
import { indexSearch } from './node/mcpServer/indexSearch.js';
import { createSchedules } from './node/schedule/wiring.js';
import type { Notice } from './node/schedule/runClaim.js';
import { proposeSchedule } from './core/schedule/fromChat.js';
import { enginesDir, registerDownloadedEngines } from './node/llm/engines/resolve.js';
import { EngineDownloads } from './node/llm/engines/service.js';
import { createEngineHandlers } from './node/handlers/engines.js';

export type HostKind = 'electron' | 'web' | 'cli';

export interface AppConfig {
  host: HostKind;
  /** Sessions, settings, models and the default workspace live here (tests, or paths not given). */
  dataDir?: string;
  /** Where the app's files are (appPaths()); the Electron host passes its own. Default: appPaths for this host, under dataDir when given. */
  paths?: AppPaths;
  /** Process-only settings (CLI flags): applied on top of the settings file, never saved. */
  settings?: SettingsPatch;
  /** Use the Replay provider with this file. */
  replayFile?: string;
  /** Replaces the UI approval flow (the CLI asks in the terminal or declines). */
  askUser?: AskUser;
  logger?: Logger;
  /** Encrypts API keys (Electron's safeStorage); without it they are kept in a file only the user can read. */
  cipher?: SecretCipher;
  /** Electron: the web agent drives the window's embedded browser view instead of a headless Chromium. */
  embeddedBrowser?: EmbeddedBrowserHooks;
  /** Replaces the platform's speech engine (tests: espeak-ng with a stand-in for the sound card). */
  voiceTts?: TtsEngine | null;
  /** Electron: the paths of the user's last drop from the system, taken once (see electron/drop.ts). */
  droppedPaths?: () => Promise<string[]>;
  /** Electron: the native file and folder picker (onboarding's "Open a GGUF file", the workspace folder). */
  pickPath?: PathPicker;
  /** Electron: shows a file or folder in the system's file manager (the workspace panel's "Show in folder"). */
  revealPath?: PathRevealer;
  /** Run due schedules while this app is open (default: the desktop app and the web host, not the CLI). */
  runSchedules?: boolean;
  /** Electron: desktop notifications of scheduled runs (done, failed, approval needed). */
  notify?: (notice: Notice) => void;
}

export interface App {
  handlers: Handlers;
  subscribe(listener: (event: AppEvent) => void): () => void;
  engine: AgentEngine;
  store: SqliteStore;
  settings: SettingsFile;
  checkpoints: CheckpointService;
  voice: VoiceWiring;
  route(text: string): Promise<RoutingDecision>;
  workspace(): string;
  /** The provider turns use now. */
  provider(): LlmProvider;
  /** What the local API and the MCP server lend to the user's other tools (node/api/expose.ts). */
  lending: Lending;
  dispose(): Promise<void>;
}

export async function createApp(config: AppConfig): Promise<App> {
  const logger = config.logger ?? createLogger();
  // Without paths (tests, or a host that passes only dataDir) everything lives under dataDir.
  const paths = config.paths ?? appPaths({ host: config.host, agenticHome: config.dataDir, userData: config.dataDir });
  const { appRoot: root, dataDir } = paths;
  const prompts = createPromptFiles(paths.prompts);
  const settings = new SettingsFile(join(dataDir, 'settings.json'), logger, config.settings);
  const workspace = () => {
    const dir = resolve(settings.get().workspace || paths.workspace);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  // WAL + synchronous=NORMAL: a committed write survives a crash or kill -9 of the app (tested 100
  // times); only a power cut may roll back the last commits. FULL would fsync every write (~0.5–5 ms
  // each, several per step) for that last case.
  const store = SqliteStore.open(join(dataDir, 'sessions.db'), { synchronous: 'NORMAL' });
  const secrets = new SecretStore(join(dataDir, 'secrets.json'), logger, config.cipher ?? null);
  const bus = new EventBus((error) => logger.error('event listener failed', { error: String(error) }));
  const voice = createVoice({ modelsDir: join(paths.modelsDir, 'whisper'), settings, emit: bus.emit, logger, subscribe: (l) => bus.subscribe(l), tts: config.voiceTts });
  let engine: AgentEngine | null = null;
  const approvals = new ApprovalRegistry(bus.emit, (turnId) => engine?.sessionOf(turnId) ?? null);
  const adapters = await createAdapters({
    dataDir,
    modelsDir: paths.modelsDir,
    routerDir: paths.router,
    catalogFile: paths.catalog,
    settings,
    logger,
    emit: bus.emit,
    replayFile: config.replayFile,
    workspace,
    secrets,
    embeddedBrowser: config.embeddedBrowser,
    knowledgeDownload: config.host === 'electron',
  });
  // GPU engines downloaded on demand (issue 27): node-llama-cpp finds them through a loader hook.
  registerDownloadedEngines(enginesDir(paths.modelsDir));
  const engineDownloads = EngineDownloads.forApp(enginesDir(paths.modelsDir), root, logger);
  const checkpoints = await createCheckpointService({ dataDir, settings, logger, emit: bus.emit });
  const schedules = createSchedules({ dataDir, appRoot: root, logger, emit: bus.emit, runDueJobs: config.runSchedules ?? config.host !== 'cli', notify: config.notify });
  const agents = createAgentRegistry({ prompts, adapters, settings, os: `${platform()} ${release()}` });

  engine = new AgentEngine({
    store,
    provider: () => adapters.provider.get(),
    router: voice.router(adapters.router),
    agent: (name: AgentName) => agents(name),
    emit: bus.emit,
    askUser: config.askUser ?? approvals.ask,
    judge: adapters.judge,
    workspace,
    blockTimeoutMs: () => settings.get().blockTimeoutSec * 1000,
    maxBlocksPerReply: () => settings.get().maxBlocksPerReply,
    summaryPrompt: () => assemblePrompt(prompts, 'summarize', { os: platform(), workspace: '', languages: [], language: 'auto', date: today() }),
    logger,
    checkpoints,
    largeInputs: { files: createInputFiles(), prompts, vars: () => ({ os: platform(), workspace: '', languages: [], language: 'auto', date: today() }) },
    memory: { store: store.memory, settings: () => settings.get().memory, header: () => prompts.get('memory'), proposeHint: () => prompts.get('memory-propose') },
    // The windows show a proposal the user can save; the CLI has `agentic schedule add`, and a scheduled run must run its request.
    proposeSchedule: config.host === 'cli' ? undefined : proposeSchedule,
  });

  // Settings → Local API (issue 32): the app's model and agents for the user's other tools, off by default.
  const lending: Lending = {
    workspace,
    tools: adapters.tools,
    judge: adapters.judge,
    askUser: config.askUser ?? approvals.ask,
    blockTimeoutMs: () => settings.get().blockTimeoutSec * 1000,
    appRoot: root,
    search: indexSearch(adapters.knowledge),
  };
  const localApi = new LocalApiService({
    dataDir,
    settings,
    logger,
    app: () => ({ handlers, subscribe: (l) => bus.subscribe(l), provider: () => adapters.provider.get(), lending }),
  });
  const handlers: Handlers = {
    ...createSessionHandlers({ store, engine, approvals, emit: bus.emit, onDeleted: async (id) => void (await checkpoints.deleteSession(id)) }),
    ...createMemoryHandlers({ memory: store.memory, sessions: store, emit: bus.emit }),
    ...checkpoints.handlers,
    ...createNodeHandlers({
      host: config.host,
      settings,
      adapters,
      workspace,
      emit: bus.emit,
      root,
      secrets,
      embeddedBrowser: config.embeddedBrowser,
      droppedPaths: config.droppedPaths,
      pickPath: config.pickPath,
      revealPath: config.revealPath,
      modelTestsDir: join(dirname(paths.modelsDir), 'model-tests'),
    }),
    ...voice.handlers((input, ctx) => handlers['turn.send'](input, ctx)),
    ...createKnowledgeHandlers(adapters.knowledge, workspace),
    ...localApi.handlers(),
    ...schedules.handlers,
    ...createEngineHandlers(engineDownloads),
  };

  // The desktop and web hosts open it when the user turned it on; CLI commands never do (agentic serve opens its own).
  if (config.host !== 'cli') void localApi.sync().catch((error: unknown) => logger.warn('local api sync failed', { error: String(error) }));
  // What runs where, in the log at start-up (issue 27): the doctor's facts, loading no engine.
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  adapters.doctor(version, false).then(
    (r) =>
      logger.info('doctor', {
        cpu: r.cpu,
        gpus: r.gpus,
        llama: r.llama,
        sandbox: r.sandbox.kind,
        router: r.router.available,
        speeds: r.speeds,
        problems: r.problems.map((p) => p.what),
      }),
    (error: unknown) => logger.warn('doctor: could not gather the facts', { error: String(error) }),
  );

  return {
    handlers,
    checkpoints,
    subscribe: (listener) => bus.subscribe(listener),
    engine,
    store,
    settings,
    voice,
    route: (text) => adapters.router.route(text),
    workspace,
    provider: () => adapters.provider.get(),
    lending,
    async dispose() {
      await localApi.dispose();
      await engine?.dispose();
      await voice.dispose();
      await adapters.dispose();
      checkpoints.close();
      schedules.dispose();
      store.close();
    },
  };
}

export const today = (): string => new Date().toISOString().slice(0, 10);
