// The commands served by node adapters: app info, settings, routing, models, MCP, workspace.
import { platform } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_NAMES } from '../../common/agents.js';
import type { Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import { providerReach } from '../../common/endpoint.js';
import { findProvider } from '../../common/providers.js';
import type { Emit } from '../../core/ports.js';
import type { Adapters, EmbeddedBrowserHooks } from '../settings/adapters.js';
import type { SecretStore } from '../settings/secrets.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { silentLogger } from '../logger.js';
import { importDropped } from './importDropped.js';
import { createOnboardingHandlers, type PathPicker } from './onboarding.js';
import { deleteFile, previewFile } from './workspacePreview.js';
import { revealInWorkspace, type PathRevealer } from './workspaceReveal.js';
import { importFiles, listWorkspace } from './workspaceFiles.js';
import { relativeMarks } from '../workspace/untrusted.js';
import { markUntrusted } from './untrustedMarks.js';
import type { CheckpointCommands } from '../checkpoints/handlers.js';
import type { VoiceCommandName } from '../../common/voice.js';
import type { KnowledgeCommandName } from '../../common/knowledge.js';
import type { LocalApiCommandName } from '../../common/localApi.js';
import { selfTestModelKey } from '../../common/selfTest.js';
import { readSelfTestResults } from './selfTestResults.js';

type NodeCommands = Exclude<
  keyof Handlers,
  | 'session.create'
  | 'session.list'
  | 'session.search'
  | 'session.open'
  | 'session.turns'
  | 'session.rename'
  | 'session.delete'
  | 'turn.send'
  | 'turn.cancel'
  | 'approval.answer'
  | CheckpointCommands
  | VoiceCommandName
  | KnowledgeCommandName
  | `memory.${string}`
  | LocalApiCommandName
  | `schedule.${string}`
  | `engines.${string}`
>;

export function createNodeHandlers(deps: {
  host: 'electron' | 'web' | 'cli';
  settings: SettingsStore;
  adapters: Adapters;
  workspace: () => string;
  emit: Emit;
  root: string;
  secrets: SecretStore;
  embeddedBrowser?: EmbeddedBrowserHooks;
  droppedPaths?: () => Promise<string[]>;
  pickPath?: PathPicker;
  revealPath?: PathRevealer;
  /** Where `agentic models test` keeps each model's result (issue 25). */
  modelTestsDir?: string;
}): Pick<Handlers, NodeCommands> {
  const { settings, adapters, emit, secrets } = deps;
  const version = (JSON.parse(readFileSync(join(deps.root, 'package.json'), 'utf8')) as { version: string }).version;
  const downloads = new Map<string, AbortController>();
  const mcpServers = () => settings.get().mcpServers;
  return {
    'app.info': async () => {
      const provider = adapters.provider.get();
      const info = await adapters.modelLoad.unlessLoading(provider.info());
      const s = settings.get().provider;
      return {
        version,
        platform: platform(),
        host: deps.host,
        workspace: deps.workspace(),
        languages: [...adapters.languages],
        sandbox: adapters.sandbox,
        provider: {
          kind: info?.kind ?? s.kind,
          model: info?.model ?? s.model,
          // Before the provider answers: local when it runs in this process (no server address).
          local: info?.local ?? findProvider(s.kind)?.baseUrl === null,
          reach: providerReach(info?.kind ?? s.kind, s.baseUrl),
          contextSize: info?.contextSize ?? null,
          tokenizer: info?.tokenizer ?? null,
          hasKey: !!secrets.get(s.apiKeyRef),
          keysEncrypted: secrets.encrypted,
          load: adapters.modelLoad.state(),
        },
        capabilities: { reveal: deps.revealPath !== undefined },
        agents: [...AGENT_NAMES],
        engines: adapters.engines(),
      };
    },
    'router.route': async ({ text }) => adapters.router.route(text),
    'browser.setBounds': async (rect) => {
      if (!deps.embeddedBrowser) return { applied: false };
      deps.embeddedBrowser.setBounds(rect);
      return { applied: true };
    },
    'browser.setOverlay': async ({ open }) => {
      if (!deps.embeddedBrowser?.setOverlay) return { applied: false };
      deps.embeddedBrowser.setOverlay(open);
      return { applied: true };
    },
    'provider.setKey': async ({ key }) => {
      // A fresh reference makes the provider holder rebuild the provider with the new key.
      const ref = key ? `provider-${Date.now()}` : '';
      if (key) secrets.set(ref, key.trim());
      const old = settings.get().provider.apiKeyRef;
      settings.update({ provider: { apiKeyRef: ref } });
      if (old && old !== ref) secrets.set(old, '');
      return { stored: !!key, encrypted: secrets.encrypted };
    },
    'settings.get': async () => settings.get(),
    'settings.update': async (patch) => settings.update(patch),
    'sandbox.explain': async () => adapters.explainSandbox(deps.workspace()),
    'models.list': async () => adapters.models.list(settings.get().provider.model),
    'models.download': async ({ id }) => {
      if (downloads.has(id)) throw new AppError('BAD_INPUT', `${id} is already downloading.`);
      const controller = new AbortController();
      downloads.set(id, controller);
      const progress = (receivedBytes: number, totalBytes: number | null, done: boolean) =>
        emit({ type: 'model.progress', sessionId: null, turnId: null, modelId: id, receivedBytes, totalBytes, done });
      try {
        const result = await adapters.models.download(id, { signal: controller.signal, onProgress: (p) => progress(p.receivedBytes, p.totalBytes, false) });
        progress(0, null, true);
        return result;
      } finally {
        downloads.delete(id);
      }
    },
    'models.cancel': async ({ id, discard }) => {
      const controller = downloads.get(id);
      controller?.abort();
      if (discard) {
        // Wait for the aborted download to let go of its partial file before deleting it.
        for (let i = 0; i < 50 && downloads.has(id); i++) await new Promise((r) => setTimeout(r, 20));
        await adapters.models.delete(id);
      }
      return { cancelled: controller !== undefined };
    },
    ...createOnboardingHandlers({ memory: async () => (await import('../llm/llamaEngine.js')).detectMachineMemory(silentLogger), pickPath: deps.pickPath }),
    'system.doctor': async () => adapters.doctor(version),
    'models.delete': async ({ id }) => adapters.models.delete(id),
    'models.openLocal': async ({ path }) => adapters.models.openLocal(path),
    'models.testResults': async () => {
      const p = settings.get().provider;
      return { current: selfTestModelKey(p.kind, p.model), results: deps.modelTestsDir ? await readSelfTestResults(deps.modelTestsDir) : [] };
    },
    'mcp.list': async () => adapters.mcp.servers().map((s) => ({ config: s.config, status: s.status, tools: s.tools })),
    'mcp.add': async (config) => {
      const others = mcpServers().filter((s) => s.name !== config.name);
      settings.update({ mcpServers: [...others, config] });
      await adapters.mcp.setServers(settings.get().mcpServers);
      return { name: config.name };
    },
    'mcp.test': async ({ name }) => {
      const tools = await adapters.mcp.testServer(name, AbortSignal.timeout(30_000));
      return { tools: tools.map((t) => t.name) };
    },
    'mcp.remove': async ({ name }) => {
      const before = mcpServers();
      settings.update({ mcpServers: before.filter((s) => s.name !== name) });
      await adapters.mcp.setServers(settings.get().mcpServers);
      return { removed: before.length !== settings.get().mcpServers.length };
    },
    'workspace.list': async () => listWorkspace(deps.workspace()),
    'workspace.read': async ({ path }) => previewFile(deps.workspace(), path),
    'workspace.delete': async ({ path }) => ({ deleted: await deleteFile(deps.workspace(), path) }),
    'workspace.untrusted': async () => ({ untrusted: await relativeMarks(deps.workspace(), settings.get().untrustedPaths) }),
    'workspace.markUntrusted': async ({ path, untrusted }) => ({ untrusted: await markUntrusted(deps.workspace(), settings, path, untrusted) }),
    'workspace.reveal': async ({ path }) => ({ revealed: await revealInWorkspace(deps.workspace(), path, deps.revealPath) }),
    'workspace.import': async ({ files }) => ({ saved: await importFiles(deps.workspace(), files) }),
    'workspace.importDropped': async () => importDropped(deps.workspace(), deps.droppedPaths, emit),
  };
}
