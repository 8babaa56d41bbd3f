// The knowledge commands over the app's current workspace.
import type { Handlers } from '../../common/contract.js';
import type { KnowledgeCommandName } from '../../common/knowledge.js';
import type { KnowledgeService } from './service.js';

export function createKnowledgeHandlers(knowledge: KnowledgeService, workspace: () => string): Pick<Handlers, KnowledgeCommandName> {
  return {
    'knowledge.search': async ({ query, limit }) => {
      const hits = await knowledge.searchWorkspace(workspace(), query, { limit, waitMs: 2000 });
      return { hits, progress: await knowledge.progress(workspace()) };
    },
    'knowledge.status': async () => knowledge.progress(workspace()),
    'knowledge.pause': async ({ paused }) => knowledge.setPaused(workspace(), paused),
  };
}
