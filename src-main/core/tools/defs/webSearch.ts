// web_search: the web agent's SEARCH action (core/web/actionRunner.ts), through the browser's
// search page or the SearxNG server the user configured. It reads and asks nothing; the results are
// web text, so they taint the turn before the model sees them.
import { defineTool } from '../defineTool.js';

export const WEB_SEARCH = defineTool({
  tag: 'web_search',
  aliases: [],
  invokedBy: 'web-action',
  agents: ['web'],
  prompt: null,
  input: 'action-line',
  policy: { effect: 'reads', network: 'always', resultsToModel: true, untrustedOutput: 'web', check: 'none' },
  summary: "The web agent's SEARCH: a query to the search engine.",
});
