// Settings → Local API (issue 32): the app's model and agents for the user's other tools, off by
// default. What is lent (Lending) is also what `agentic serve` and `agentic mcp` open.
import type { Handlers } from '../common/contract.js';
import type { Lending } from '../node/api/expose.js';
import { LocalApiService } from '../node/api/service.js';
import { indexSearch } from '../node/mcpServer/indexSearch.js';
import type { Adapters } from './adapters.js';
import type { Foundations } from './foundations.js';

export function createLending(base: Foundations, adapters: Adapters, askUser: Lending['askUser']): Lending {
  return {
    workspace: base.workspace,
    tools: adapters.tools,
    judge: adapters.judge,
    askUser,
    blockTimeoutMs: () => base.settings.get().blockTimeoutSec * 1000,
    appRoot: base.paths.appRoot,
    search: indexSearch(adapters.knowledge),
  };
}

/** The API dispatches to the app's commands, its own among them: it reads them once the app is composed. */
export function createLocalApi(base: Foundations, adapters: Adapters, lending: Lending, handlers: () => Handlers): LocalApiService {
  const { bus } = base;
  return new LocalApiService({
    dataDir: base.paths.dataDir,
    settings: base.settings,
    logger: base.logger,
    app: () => ({ handlers: handlers(), subscribe: (l) => bus.subscribe(l), provider: () => adapters.provider.get(), lending }),
  });
}
