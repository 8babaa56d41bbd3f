// What a host needs to open the app to the user's other tools: the local API's and the MCP server's
// dependencies, composed from the app's parts. Hosts (the `agentic serve` and `agentic mcp`
// commands, the desktop app) call this; app/lending.ts hands over the parts as `lending`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Handlers } from '../../common/contract.js';
import type { AppEvent } from '../../common/events.js';
import type { AskUser, BlockJudge, LlmProvider, Logger, Tool } from '../../core/ports.js';
import { createMcpHttpHandler } from '../mcpServer/http.js';
import type { LentDeps } from '../mcpServer/lent.js';
import { createFileScanSearch, type WorkspaceSearch } from '../mcpServer/workspaceSearch.js';
import { createPromptFiles } from '../settings/promptFiles.js';
import { createTurnRunner } from './agentTurns.js';
import type { LocalApiDeps } from './server.js';
import { FILE_FINDER } from '../tools/fileFinder.js';

/** The app's parts the API and the MCP server use. */
export interface Lending {
  workspace: () => string;
  tools: () => readonly Tool[];
  judge: BlockJudge;
  /** Where approvals are answered: the app's window, or the command line's policy. */
  askUser: AskUser;
  blockTimeoutMs: () => number;
  appRoot: string;
  /** search_workspace's search (the workspace index); a plain file scan when absent. */
  search?: WorkspaceSearch;
}

export interface ExposedApp {
  handlers: Handlers;
  subscribe: (listener: (event: AppEvent) => void) => () => void;
  provider: () => LlmProvider;
  lending: Lending;
}

export function appVersion(appRoot: string): string {
  try {
    return (JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The MCP tools' dependencies; `search` (or the lent one) replaces the file-scan search. */
export function lentDeps(app: ExposedApp, logger: Logger, search?: WorkspaceSearch): LentDeps {
  const { lending } = app;
  const finder = (): Tool => {
    const tool = lending.tools().find((t) => t.definition.tag === FILE_FINDER.tag);
    if (!tool) throw new Error('file_finder is not available');
    return tool;
  };
  return {
    workspace: lending.workspace,
    tools: lending.tools,
    judge: lending.judge,
    askUser: lending.askUser,
    blockTimeoutMs: lending.blockTimeoutMs,
    turns: createTurnRunner(app, createPromptFiles(join(lending.appRoot, 'prompts'))),
    search: search ?? lending.search ?? { search: (query, options) => createFileScanSearch(finder()).search(query, options) },
    logger,
  };
}

/** The local API's dependencies, /mcp included. */
export function localApiDeps(app: ExposedApp, logger: Logger, search?: WorkspaceSearch): LocalApiDeps {
  const lent = lentDeps(app, logger, search);
  return { provider: app.provider, turns: lent.turns, mcp: createMcpHttpHandler(lent, appVersion(app.lending.appRoot)), logger };
}
