// The `web_search` block tool: one query per block, results as a numbered list inside an
// untrusted-data fence. Its output is web text: whoever runs it marks the turn tainted.
import { isAbortError, toErrorData } from '../../common/errors.js';
import type { Block, Tool, ToolContext, ToolResult } from '../ports.js';
import type { WebSearch } from './driver.js';
import { newNonce, wrapUntrusted } from './text.js';

export function createWebSearchTool(search: WebSearch): Tool {
  return {
    tag: 'web_search',
    description: 'web_search: one search query per block; returns titles, links and snippets.',
    async run(block: Block, ctx: ToolContext): Promise<ToolResult> {
      const started = performance.now();
      const query = block.code.trim().split('\n')[0]?.trim() ?? '';
      const done = (status: ToolResult['status'], output: string, feedback?: string): ToolResult => ({
        status, exitCode: status === 'ok' ? 0 : null, output, savedTo: null, durationMs: performance.now() - started, ...(feedback ? { feedback } : {}),
      });
      if (!query) return done('failed', '', 'A web_search block holds one search query on its first line.');
      try {
        const results = await search.search(query, ctx.signal);
        if (results.length === 0) return done('ok', `No results for "${query}".`);
        const list = results.map((r, i) => `${i + 1}. ${r.title} — ${r.url}\n   ${r.snippet}`).join('\n');
        return done('ok', wrapUntrusted(list, `search: ${query}`, newNonce()));
      } catch (error) {
        if (isAbortError(error) || ctx.signal.aborted) return done('cancelled', '');
        const data = toErrorData(error);
        return done('error', '', `The search failed (${data.code}): ${data.message}`);
      }
    },
  };
}
