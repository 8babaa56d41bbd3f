// web_open: the web agent's navigation (OPEN a result or link, OPEN an address it typed, BACK).
// Reading is what the web agent is for, and a page reached by a link the page itself offers carries
// nothing of the conversation, so navigation asks nothing; except an address the model typed that
// carries a run of the conversation's text once web text is in the turn (core/web/urlLeak.ts): that
// is how injected instructions would send the user's data to another site. Every approval mode,
// like taint. Written down in docs/approvals.md.
import type { ApprovalVerdict } from '../../ports.js';
import { carriedSessionText } from '../../web/urlLeak.js';
import { defineTool } from '../defineTool.js';

export const WEB_OPEN = defineTool({
  tag: 'web_open',
  aliases: [],
  invokedBy: 'web-action',
  agents: ['web'],
  prompt: null,
  input: 'action-line',
  policy: { effect: 'reads', network: 'always', resultsToModel: true, untrustedOutput: 'web', check: 'none' },
  summary: "The web agent's OPEN and BACK: loads a page.",
});

export interface Navigation {
  url: string;
  /** The model typed the address (not a numbered result or link). */
  typed: boolean;
  /** The request and the session's earlier messages. */
  conversation: readonly string[];
}

/** Whether opening the page asks (WEB_OPEN's own check). */
export function judgeNavigation(nav: Navigation, env: { tainted: boolean }): ApprovalVerdict {
  if (!nav.typed || !env.tainted) return { action: 'allow' };
  const carried = carriedSessionText(nav.url, nav.conversation);
  if (carried === null) return { action: 'allow' };
  const host = new URL(nav.url).host;
  return {
    action: 'ask',
    reasons: [`the address carries text from this conversation ("${carried}") after untrusted web text entered this turn: opening it would send that text to ${host}`],
  };
}
