// json: the planner's plan (core/planner/). Structure for the app itself: nothing runs, so nothing
// asks; the planner's own prompt teaches it.
import { defineTool } from '../defineTool.js';

export const PLAN_JSON = defineTool({
  tag: 'json',
  aliases: ['json5', 'jsonc'],
  invokedBy: 'block',
  agents: ['planner'],
  prompt: null,
  input: 'json',
  policy: { effect: 'plans', network: 'none', resultsToModel: false, untrustedOutput: null, check: 'none' },
  summary: "The planner's plan: steps for other agents.",
});
