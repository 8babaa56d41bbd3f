// What runs here: app.info (version, host, provider, engines: the status bar and About), the doctor's
// report, the sandbox's policy, and the router's decision for a text (the routing preview).
import { platform } from 'node:os';
import { AGENT_NAMES } from '../../common/agents.js';
import type { AppInfo, CommandOutput, Handlers } from '../../common/contract.js';
import type { DoctorReport } from '../../common/doctor.js';
import { providerReach } from '../../common/endpoint.js';
import { findProvider } from '../../common/providers.js';
import type { LlmProvider, RequestRouter } from '../../core/ports.js';
import type { ModelLoadTracker } from '../settings/modelLoad.js';
import type { SecretStore } from '../settings/secrets.js';
import type { SettingsStore } from '../settings/settingsFile.js';

export interface SystemSources {
  host: AppInfo['host'];
  version: string;
  settings: SettingsStore;
  secrets: SecretStore;
  workspace: () => string;
  provider: () => LlmProvider;
  modelLoad: ModelLoadTracker;
  languages: readonly AppInfo['languages'][number][];
  sandbox: AppInfo['sandbox'];
  engines: () => AppInfo['engines'];
  doctor: (version: string) => Promise<DoctorReport>;
  explainSandbox: (workspace: string) => Promise<CommandOutput<'sandbox.explain'>>;
  router: RequestRouter;
  /** Only the desktop app can show a file in the system's file manager. */
  canReveal: boolean;
}

export function createSystemHandlers(deps: SystemSources): Pick<Handlers, 'app.info' | 'system.doctor' | 'sandbox.explain' | 'router.route'> {
  const { settings, secrets, modelLoad } = deps;
  return {
    'app.info': async () => {
      const info = await modelLoad.unlessLoading(deps.provider().info());
      const s = settings.get().provider;
      return {
        version: deps.version,
        platform: platform(),
        host: deps.host,
        workspace: deps.workspace(),
        languages: [...deps.languages],
        sandbox: deps.sandbox,
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
          load: modelLoad.state(),
        },
        capabilities: { reveal: deps.canReveal },
        agents: [...AGENT_NAMES],
        engines: deps.engines(),
      };
    },
    'system.doctor': async () => deps.doctor(deps.version),
    'sandbox.explain': async () => deps.explainSandbox(deps.workspace()),
    'router.route': async ({ text }) => deps.router.route(text),
  };
}
