// The commands that belong to the engine: sessions, turns, approvals.
import type { Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { Emit } from '../ports.js';
import type { SessionStore } from '../store.js';
import type { ApprovalRegistry } from './pendingApprovals.js';
import type { AgentEngine } from './engine.js';

type SessionCommands =
  'session.create' | 'session.list' | 'session.search' | 'session.open' | 'session.turns' | 'session.rename' | 'session.delete' | 'turn.send' | 'turn.cancel' | 'approval.answer';

const DEFAULT_TITLE = 'New session';
/** Turns a session opens with, and a page of earlier ones: a screenful many times over. */
export const TURNS_PAGE = 200;

export function titleFrom(request: string): string {
  const line = request.replace(/\s+/g, ' ').trim();
  return line.length <= 60 ? line : `${line.slice(0, 57).trimEnd()}…`;
}

interface SessionHandlerDeps {
  store: SessionStore;
  engine: AgentEngine;
  approvals: ApprovalRegistry;
  emit: Emit;
  /** What else goes with a deleted session (its checkpoints), after its record is gone. */
  onDeleted?: (sessionId: string) => Promise<void>;
}

export function createSessionHandlers(deps: SessionHandlerDeps): Pick<Handlers, SessionCommands> {
  const { store, engine, approvals, emit } = deps;
  const changed = () => emit({ type: 'sessions.changed', sessionId: null, turnId: null });
  const must = (id: string) => {
    const session = store.getSession(id);
    if (!session) throw new AppError('NOT_FOUND', `No session ${id}.`);
    return session;
  };
  return {
    'session.create': async ({ title, history }) => {
      const session = store.createSession(title);
      // No turn wrote them: they are memory the first turn reads, tainted where they say so.
      for (const m of history ?? [])
        store.appendMessage({ sessionId: session.id, turnId: null, role: m.role, content: m.content, kind: 'message', untrusted: m.untrusted ?? null });
      changed();
      return session;
    },
    'session.list': async () => store.listSessions(),
    'session.search': async ({ query }) => {
      if (store.searchSessions) return store.searchSessions(query);
      const q = query.trim().toLowerCase();
      return store.listSessions().filter((s) => s.title.toLowerCase().includes(q));
    },
    // A long session opens on its recent turns; earlier ones come a page at a time (session.turns).
    'session.open': async ({ id }) => {
      const session = must(id);
      const turns = store.listTurns(id, { last: TURNS_PAGE });
      return { session, turns, earlierTurns: store.countTurns(id) - turns.length };
    },
    'session.turns': async ({ id, skip, limit }) => {
      must(id);
      const turns = store.listTurns(id, { last: limit, skip });
      return { turns, earlierTurns: Math.max(0, store.countTurns(id) - skip - turns.length) };
    },
    'session.rename': async ({ id, title }) => {
      must(id);
      const session = store.renameSession(id, title.trim() || 'Untitled');
      changed();
      return session;
    },
    'session.delete': async ({ id }) => {
      await engine.stopSession(id);
      const deleted = store.deleteSession(id);
      changed();
      await deps.onDeleted?.(id);
      return { deleted };
    },
    'turn.send': async ({ sessionId, text, agent, proposeSchedule }) => {
      const session = must(sessionId);
      // A new session takes its name from its first request, as people expect of a chat list.
      if (session.title === DEFAULT_TITLE && store.countTurns(sessionId) === 0) {
        store.renameSession(sessionId, titleFrom(text));
        changed();
      }
      const { turnId } = engine.send(sessionId, text, agent, { proposeSchedule });
      return { turnId };
    },
    'turn.cancel': async ({ turnId }) => ({ cancelled: engine.cancel(turnId) }),
    'approval.answer': async ({ approvalId, approved }) => ({ accepted: approvals.answer(approvalId, approved) }),
  };
}
