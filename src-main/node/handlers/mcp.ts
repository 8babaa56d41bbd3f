// mcp.*: the user's MCP servers, kept in the settings; the manager reconnects to match them.
import type { Handlers } from '../../common/contract.js';
import type { McpManager } from '../mcp/manager.js';
import type { SettingsStore } from '../settings/settingsFile.js';

export function createMcpHandlers(deps: { mcp: McpManager; settings: SettingsStore }): Pick<Handlers, 'mcp.list' | 'mcp.add' | 'mcp.test' | 'mcp.remove'> {
  const { mcp, settings } = deps;
  const mcpServers = () => settings.get().mcpServers;
  return {
    'mcp.list': async () => mcp.servers().map((s) => ({ config: s.config, status: s.status, tools: s.tools })),
    'mcp.add': async (config) => {
      const others = mcpServers().filter((s) => s.name !== config.name);
      settings.update({ mcpServers: [...others, config] });
      await mcp.setServers(settings.get().mcpServers);
      return { name: config.name };
    },
    'mcp.test': async ({ name }) => {
      const tools = await mcp.testServer(name, AbortSignal.timeout(30_000));
      return { tools: tools.map((t) => t.name) };
    },
    'mcp.remove': async ({ name }) => {
      const before = mcpServers();
      settings.update({ mcpServers: before.filter((s) => s.name !== name) });
      await mcp.setServers(settings.get().mcpServers);
      return { removed: before.length !== settings.get().mcpServers.length };
    },
  };
}
