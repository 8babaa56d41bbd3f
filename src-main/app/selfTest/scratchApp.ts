// The self-test's scratch app (issue 25): the same agents and tools as the user's app, but its own
// workspace and data folder (sessions, memory, checkpoints) in a scratch folder, no MCP server of the
// user's, nothing risky approved, and turns on the provider it is given.
import type { AppConfig } from '../config.js';
import type { AppPaths } from '../paths.js';
import type { McpServerConfig, Settings, SettingsPatch } from '../../common/settings.js';
import { SELFTEST_MCP_SERVER } from '../../core/selftest/battery.js';
import type { LlmProvider } from '../../core/ports.js';
import type { Scratch } from './run.js';

/** The battery's test MCP server (served in process at the fixtures' /mcp). Trusted: the scratch app approves nothing else. */
export function selfTestMcpServer(url: string): McpServerConfig {
  return { name: SELFTEST_MCP_SERVER, transport: 'http', url, headers: {}, trusted: true, trustedTools: [] };
}

/** The user's settings (their model, sandbox, timeouts) with the scratch workspace and, of MCP servers, only the test one. */
export function selfTestSettings(current: Settings, workspace: string, mcpUrl: string): SettingsPatch {
  return { ...current, workspace, maxAttempts: 3, mcpServers: [selfTestMcpServer(mcpUrl)] };
}

export function scratchAppConfig(owner: AppConfig, paths: AppPaths, current: Settings, scratch: Scratch, provider: () => LlmProvider, mcpUrl: string): AppConfig {
  return {
    host: 'cli',
    paths: { ...paths, dataDir: scratch.data, workspace: scratch.workspace },
    settings: selfTestSettings(current, scratch.workspace, mcpUrl),
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
