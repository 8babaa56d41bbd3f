// search_workspace backed by the workspace knowledge index (issue 30): passages found by words and
// meaning, with the line they start at. It indexes what is new first, as `agentic search` does, so
// a client never gets answers from a stale index.
import type { KnowledgeService } from '../knowledge/service.js';
import type { WorkspaceSearch } from './workspaceSearch.js';

export function indexSearch(knowledge: Pick<KnowledgeService, 'searchWorkspace'>): WorkspaceSearch {
  return {
    async search(query, { workspace, limit, signal }) {
      const hits = await knowledge.searchWorkspace(workspace, query, { limit, refresh: true, signal });
      return hits.map((hit) => ({ path: hit.path, line: hit.lines[0], text: hit.page === null ? hit.text : `(page ${hit.page}) ${hit.text}` }));
    },
  };
}
