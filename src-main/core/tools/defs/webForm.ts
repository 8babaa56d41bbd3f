// web_form: the web agent's FORM action fills a form on the page and submits it: an action on a
// site outside the app. Page text is always in the turn once a form is on screen (the form came
// from a page), so a submission asks whenever the turn is tainted, in every approval mode; the
// dialog shows the method, the action and every value.
import type { ApprovalVerdict } from '../../ports.js';
import { defineTool } from '../defineTool.js';

export const WEB_FORM = defineTool({
  tag: 'web_form',
  aliases: [],
  invokedBy: 'web-action',
  agents: ['web'],
  prompt: null,
  input: 'action-line',
  policy: { effect: 'acts-outside', network: 'always', resultsToModel: true, untrustedOutput: 'web', check: 'none' },
  summary: "The web agent's FORM: fills and submits a form on the page.",
});

/** Whether submitting asks (WEB_FORM's own check). */
export function judgeFormSubmission(env: { tainted: boolean }): ApprovalVerdict {
  return env.tainted ? { action: 'ask', reasons: ['text from web pages entered this turn'] } : { action: 'allow' };
}
