// "@coder write …", "@web: find …": naming an agent at the start of a request picks it, exactly
// like the agent picker, and the router is skipped.
import { AGENT_NAMES, type AgentName } from '../../common/agents.js';

const MENTION = new RegExp(`^\\s*@(${AGENT_NAMES.join('|')})\\b[:,]?\\s*`, 'i');

export function explicitAgent(request: string): { agent: AgentName; request: string } | null {
  const m = MENTION.exec(request);
  if (!m) return null;
  const rest = request.slice(m[0].length);
  if (!rest.trim()) return null;
  return { agent: m[1]!.toLowerCase() as AgentName, request: rest };
}
