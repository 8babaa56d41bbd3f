// The self-test's scratch app (issue 25): the same agents and tools as the user's app, but its own
// workspace and data folder (sessions, memory, checkpoints) in a scratch folder, no MCP server of the
// user's, nothing risky approved, and turns on the provider it is given.
import type { AppConfig } from '../../app.js';
import type { AppPaths } from '../paths.js';
import type { Settings, SettingsPatch } from '../../common/settings.js';
import type { LlmProvider } from '../../core/ports.js';
import type { Scratch } from './run.js';

/** The user's settings (their model, sandbox, timeouts) with the scratch workspace and none of their MCP servers. */
export function selfTestSettings(current: Settings, workspace: string): SettingsPatch {
  return { ...current, workspace, maxAttempts: 3, mcpServers: [] };
}

export function scratchAppConfig(owner: AppConfig, paths: AppPaths, current: Settings, scratch: Scratch, provider: () => LlmProvider): AppConfig {
  return {
    host: 'cli',
    paths: { ...paths, dataDir: scratch.data, workspace: scratch.workspace },
    settings: selfTestSettings(current, scratch.workspace),
    turnProvider: provider,
    // Nothing risky is approved: the battery needs none of it.
    askUser: async () => false,
    logger: owner.logger,
    runSchedules: false,
    // Electron: the web task drives the window's own browser view (no other Chrome there).
    embeddedBrowser: owner.embeddedBrowser,
    voiceTts: null,
  };
}
