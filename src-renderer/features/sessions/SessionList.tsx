import { useEffect, useState } from 'react';
import type { Session } from '../../../src-main/common/contract.js';
import { call, newSession, refreshSessions } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { SessionItem } from './SessionItem.js';
import { useSchedules } from '../schedules/schedulesStore.js';

export function SessionList() {
  const sessions = useStore((s) => s.sessions);
  const activeId = useStore((s) => s.activeSessionId);
  const version = useStore((s) => s.domain.sessionsVersion);
  const running = useStore((s) => {
    const ids = new Set<string>();
    for (const t of Object.values(s.domain.turns)) if (t.status === 'running' && t.sessionId) ids.add(t.sessionId);
    return [...ids].sort().join(' ');
  });
  const openSettings = useStore((s) => s.set);

  useEffect(() => {
    if (version > 0) void refreshSessions();
  }, [version]);

  // Search by title and content (the store's full-text index); the list comes back when it is cleared.
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Session[] | null>(null);
  useEffect(() => {
    if (!query.trim()) {
      setFound(null);
      return;
    }
    const timer = setTimeout(() => void call('session.search', { query }).then((r) => r && setFound(r)), 150);
    return () => clearTimeout(timer);
  }, [query, version]);
  const shown = found ?? sessions;

  return (
    <nav className="sessions" data-testid="sessions" aria-label="Sessions">
      <div className="brand">agentic</div>
      <button className="btn btn-primary wide" data-testid="new-session" onClick={() => void newSession()}>
        + New session
      </button>
      <input
        type="search"
        className="session-search"
        data-testid="session-search"
        aria-label="Search sessions"
        placeholder="Search sessions…"
        value={query}
        maxLength={200}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="session-list">
        {found !== null && found.length === 0 && <li className="muted session-none">No session matches.</li>}
        {activeId === null && found === null && (
          <li className="session-item active draft" data-testid="session-item" data-active="true" data-draft="true">
            <span className="session-open">New session</span>
          </li>
        )}
        {shown.map((s) => (
          <SessionItem key={s.id} session={s} active={s.id === activeId} running={running.split(' ').includes(s.id)} />
        ))}
      </ul>
      <button className="btn wide" data-testid="open-schedules" onClick={() => useSchedules.getState().set({ open: true })}>
        Schedules
      </button>
      <button className="btn wide" data-testid="open-settings" onClick={() => openSettings({ settingsOpen: true })}>
        ⚙ Settings
      </button>
    </nav>
  );
}
