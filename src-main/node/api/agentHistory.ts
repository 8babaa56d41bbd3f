// An agent completion whose earlier messages the app did not write (the client held the conversation
// with another model, or the app was restarted): those messages become the new session's prior
// history, so the agent reads the conversation it is asked to continue. Each is marked as coming from
// the client (prompts/api/); the user's and the assistant's text is the user's own, but the results of
// the client's tools are not: they are stored as untrusted, so blocks ask while they stay in context.
import type { PriorMessage } from '../../common/priorHistory.js';
import type { ChatMessage } from '../../core/ports.js';
import { assemblePrompt, type PromptSource } from '../../core/prompts.js';

/** What `untrusted` names for a tool result a client sent. */
export const CLIENT_TOOL_SOURCE = 'a tool result sent by a local API client';

export function priorHistory(earlier: readonly ChatMessage[], prompts: PromptSource): PriorMessage[] {
  const fill = (name: string, slots: Record<string, string>) =>
    assemblePrompt(prompts, `api/${name}`, { os: '', workspace: '', languages: [], language: 'auto', date: '', ...slots }).trim();
  const names = new Map<string, string>();
  const out: PriorMessage[] = [];
  for (const m of earlier) {
    if (m.toolCallId !== undefined) {
      const name = names.get(m.toolCallId) ?? 'unknown';
      out.push({ role: 'user', content: fill('client-tool-result', { name, content: m.content }), untrusted: CLIENT_TOOL_SOURCE });
      continue;
    }
    if (m.role === 'system') {
      if (m.content.trim()) out.push({ role: 'user', content: fill('client-system', { content: m.content }) });
      continue;
    }
    const calls = (m.toolCalls ?? []).map((c) => {
      names.set(c.id, c.name);
      return fill('client-tool-call', { name: c.name, arguments: c.arguments });
    });
    const content = [m.content.trim(), ...calls].filter(Boolean).join('\n');
    if (content) out.push({ role: m.role, content });
  }
  return out.length ? [{ role: 'user', content: fill('client-history', {}) }, ...out] : [];
}
