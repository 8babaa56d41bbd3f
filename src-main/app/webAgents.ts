// The two agents that are not a tool loop: the web agent (a browser it drives step by step) and the
// planner (which hands steps to the others). The browser starts with the first web request.
import { planStepAgents, type AgentName } from '../common/agents.js';
import type { Agent } from '../core/agent.js';
import { promptVars, type AgentEnvironment } from '../core/agents/definitions.js';
import { createPlannerAgent } from '../core/planner/plannerAgent.js';
import type { Logger } from '../core/ports.js';
import { createWebAgent } from '../core/web/webAgent.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';
import type { BrowserWeb } from '../node/web/browserWeb.js';
import { embeddedSearch, type EmbeddedBrowserHooks } from '../node/web/embeddedView.js';

export function createOwnLoopAgents(config: { settings: SettingsStore; logger: Logger; embeddedBrowser?: EmbeddedBrowserHooks }) {
  const { settings, logger } = config;
  // Chromium and puppeteer start with the first web request.
  let browser: Promise<BrowserWeb> | null = null;
  const web = (): Promise<BrowserWeb> =>
    (browser ??= import('../node/web/browserWeb.js').then((m) =>
      m.createBrowserWeb({ searxngUrl: settings.get().searxngUrl || undefined, logger, executablePath: process.env.AGENTIC_CHROME }),
    ));
  return {
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
    dispose: async () => {
      await browser?.then((b) => b.dispose());
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
