// Chat clients (Open WebUI, Continue) send the whole conversation with every request. For an agent
// model, the conversation continues the session its last turn ran in: each answer is remembered under
// a hash of the conversation as the client will send it back (its messages plus that answer), so the
// next request finds its session and the agent keeps its memory, blocks and workspace history.
import { createHash } from 'node:crypto';
import type { ChatMessage } from '../../core/ports.js';

const MAX_CONVERSATIONS = 500;

const keyOf = (messages: readonly ChatMessage[]): string =>
  createHash('sha256')
    .update(JSON.stringify(messages.map((m) => [m.role, m.content.trim()])))
    .digest('hex');

export class ConversationSessions {
  private readonly sessions = new Map<string, string>();

  /** The session of the conversation before its last user message, if one of our answers ended it. */
  find(messages: readonly ChatMessage[]): string | null {
    const last = messages.findLastIndex((m) => m.role === 'user');
    if (last <= 0) return null;
    return this.sessions.get(keyOf(messages.slice(0, last))) ?? null;
  }

  /** Remembers the session under the conversation as it stands after `answer`. */
  remember(messages: readonly ChatMessage[], answer: string, sessionId: string): void {
    const key = keyOf([...messages, { role: 'assistant', content: answer }]);
    this.sessions.delete(key);
    this.sessions.set(key, sessionId);
    if (this.sessions.size > MAX_CONVERSATIONS) this.sessions.delete(this.sessions.keys().next().value!);
  }
}
