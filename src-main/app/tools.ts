// The tools the agents run blocks with, and the judge that decides which blocks ask first: the
// sandboxed interpreters, the file finder over the workspace index, and the user's MCP servers.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { EventInput } from '../common/events.js';
import { judgeBlock } from '../core/approval/index.js';
import { formatToolList } from '../core/mcp/format.js';
import { createMcpTool } from '../core/mcp/mcpTool.js';
import { mcpCallCheck } from '../core/mcp/trust.js';
import type { ApprovalVerdict, Block, BlockJudge, Logger, Tool } from '../core/ports.js';
import { checkShellSyntax, createCodeTools } from '../node/exec/index.js';
import { defaultHomesDir } from '../node/exec/privateHome.js';
import { limitsOf } from '../node/exec/sandboxPolicy.js';
import { installedEmbedder, KnowledgeService } from '../node/knowledge/service.js';
import { McpManager } from '../node/mcp/manager.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';
import { createFileFinderTool } from '../node/tools/fileFinder.js';
import { withUnseenReadsTaint } from '../node/workspace/untrusted.js';

export interface ToolsConfig {
  dataDir: string;
  modelsDir: string;
  settings: SettingsStore;
  logger: Logger;
  emit: (event: EventInput) => void;
  workspace: () => string;
  /** Fetch the knowledge index's embedding model on first use (the desktop app); elsewhere `agentic models download`. */
  knowledgeDownload?: boolean;
}

export async function createTools(config: ToolsConfig) {
  const { settings, logger } = config;
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
    embedder: installedEmbedder(config.modelsDir, logger, { download: config.knowledgeDownload }),
  });
  const fileFinder = createFileFinderTool({ untrustedMarks, untrustedFiles: () => settings.get().untrustedFiles, knowledge });
  // What a code block reads cannot be seen: in a workspace holding a marked file, or fetched from the network, its output is untrusted (each tool's policy says which).
  const codeTools = withUnseenReadsTaint(code.tools, untrustedMarks, () => settings.get().sandbox.network);
  const mcp = createMcp(config);
  return {
    code,
    knowledge,
    mcp,
    tools: (): readonly Tool[] => [...codeTools, ...code.unavailable, fileFinder, mcp.tool],
    judge: createJudge(settings, mcp.inspectCall),
  };
}

/** The user's MCP servers, as a tool whose calls are trusted or asked per server (Settings). */
function createMcp(config: ToolsConfig) {
  const { settings, logger, emit } = config;
  const manager = new McpManager(settings.get().mcpServers, {
    logger,
    cwd: config.workspace(),
    onStatus: (c) => emit({ type: 'mcp.status', sessionId: null, turnId: null, server: c.server, status: c.status, message: c.message }),
  });
  const trust = () => ({ servers: settings.get().mcpServers, mode: settings.get().approval.mode });
  const tool = createMcpTool(manager);
  return {
    manager,
    tool,
    /** The mcp tool's definition names its check 'mcp-call': it needs the trust settings and the servers' declared hints. */
    inspectCall: mcpCallCheck(
      (b) => tool.inspect(b),
      trust,
      (call) => manager.listedTool(call.server, call.tool)?.hints,
    ),
    /** The servers' tools, for the mcp agent's prompt. */
    toolList: async (): Promise<string> => {
      const lists = await Promise.all(
        manager.serverNames().map((name) =>
          manager.serverTools(name).catch((error: unknown) => {
            logger.warn('mcp server unavailable', { server: name, error: String(error) });
            return [];
          }),
        ),
      );
      const tools = lists.flat();
      return tools.length ? formatToolList(tools) : 'No MCP server is configured or reachable: tell the user to add one in Settings.';
    },
  };
}

/** The approval mode is the judge's own setting, read at each block. */
function createJudge(settings: SettingsStore, mcpCall: (block: Block) => ApprovalVerdict): BlockJudge {
  const toolChecks = { 'mcp-call': mcpCall };
  return {
    judge: async (block, opts): Promise<ApprovalVerdict> => judgeBlock(block, { ...opts, mode: settings.get().approval.mode, checkShellSyntax, toolChecks, fileKind: fileKindOf }),
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
