// The self-test's scratch app (issue 25): the same agents and tools as the user's app, but its own
// workspace and data folder (sessions, memory, checkpoints) in a scratch folder, no MCP server of the
// user's, nothing risky approved, and turns on the provider it is given.
import type { AppConfig } from '../config.js';
import type { AppPaths } from '../paths.js';
import { join } from 'node:path';
import type { McpServerConfig, Settings, SettingsPatch } from '../../common/settings.js';
import { SELFTEST_MCP_SERVER } from '../../core/selftest/battery.js';
import type { LlmProvider } from '../../core/ports.js';
import type { Scratch } from './run.js';

/**
 * The packaged desktop app cannot run as Node (its RunAsNode fuse is off, build/fuses.mjs): there
 * the battery has no mcp task rather than a task no model could pass.
 */
export const testMcpServerRuns = (): boolean => !(process.versions.electron && !process.defaultApp);

/**
 * The local test MCP server of the battery's mcp task, started with this process's own runtime
 * (Electron runs it as Node). Trusted: the scratch app approves nothing else.
 */
export function selfTestMcpServer(resources: string): McpServerConfig | null {
  if (!testMcpServerRuns()) return null;
  const electron = Boolean(process.versions.electron);
  return {
    ...{ name: SELFTEST_MCP_SERVER, transport: 'stdio', command: process.execPath, args: [join(resources, 'selftest', 'mcp-server.mjs')] },
    ...{ env: electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}, trusted: true, trustedTools: [] },
  };
}

/** The user's settings (their model, sandbox, timeouts) with the scratch workspace and, of MCP servers, only the test one. */
export function selfTestSettings(current: Settings, workspace: string, resources: string): SettingsPatch {
  const mcp = selfTestMcpServer(resources);
  return { ...current, workspace, maxAttempts: 3, mcpServers: mcp ? [mcp] : [] };
}

export function scratchAppConfig(owner: AppConfig, paths: AppPaths, current: Settings, scratch: Scratch, provider: () => LlmProvider): AppConfig {
  return {
    host: 'cli',
    paths: { ...paths, dataDir: scratch.data, workspace: scratch.workspace },
    settings: selfTestSettings(current, scratch.workspace, paths.resources),
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
