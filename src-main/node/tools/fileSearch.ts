// file_finder's `action=search`: the workspace's knowledge index (full-text and meaning) asked in
// the user's words, each passage given with where it is (file, page, lines) so the answer can cite
// it. A passage from a file marked untrusted taints the session like reading the file would.
import type { Block, ToolContext, ToolResult } from '../../core/ports.js';
import type { IndexProgress, SearchHit } from '../knowledge/types.js';
import { untrustedSource } from '../workspace/untrusted.js';

/** What the tool needs of the knowledge service. */
export interface KnowledgeSearch {
  searchWorkspace(workspace: string, query: string, options: { limit?: number; waitMs?: number; signal?: AbortSignal }): Promise<SearchHit[]>;
  progress(workspace: string): Promise<IndexProgress>;
}

const HITS = 8;
/** How long a search waits for files changed a moment ago (a turn may just have written them). */
const CATCH_UP_MS = 5000;

/** Where a hit is, as the answer should cite it: `notes/a.pdf, page 2, lines 4-9`. */
export function citation(hit: Pick<SearchHit, 'path' | 'page' | 'lines'>): string {
  const [start, end] = hit.lines;
  const lines = start === end ? `line ${start}` : `lines ${start}-${end}`;
  return `${hit.path}${hit.page === null ? '' : `, page ${hit.page}`}, ${lines}`;
}

export function formatHits(query: string, hits: readonly SearchHit[]): string {
  if (hits.length === 0) return `No passage of the workspace matches "${query}".`;
  const parts = hits.map((hit, i) => {
    const heading = hit.heading ? ` (under "${hit.heading}")` : '';
    const text = hit.text.length > 700 ? `${hit.text.slice(0, 700)} […]` : hit.text;
    return `[${i + 1}] ${citation(hit)}${heading}${hit.untrusted ? ' [untrusted file]' : ''}\n${text}`;
  });
  return `${hits.length} passage(s) for "${query}", best first. Cite them as (file, page, lines):\n\n${parts.join('\n\n')}`;
}

export async function searchAction(knowledge: KnowledgeSearch | undefined, block: Block, ctx: ToolContext): Promise<Omit<ToolResult, 'durationMs' | 'savedTo'>> {
  const query = (block.params.query ?? block.params.name ?? '').trim();
  if (!knowledge) return { status: 'failed', exitCode: null, output: '', feedback: 'Search is not available here: find files by name with action=list instead.' };
  if (!query) return { status: 'failed', exitCode: null, output: '', feedback: 'action=search needs a `query=` line: the words or the question to look for.' };
  const hits = await knowledge.searchWorkspace(ctx.workspace, query, { limit: HITS, waitMs: CATCH_UP_MS, signal: ctx.signal });
  const progress = await knowledge.progress(ctx.workspace);
  const note = progress.pending > 0 || progress.state === 'scanning' ? `\n\n(The index is still being built, ${progress.pending} file(s) to go: results may be incomplete.)` : '';
  const untrusted = hits.find((h) => h.untrusted);
  return { status: 'ok', exitCode: null, output: formatHits(query, hits) + note, ...(untrusted ? { untrusted: untrustedSource(untrusted.path) } : {}) };
}
