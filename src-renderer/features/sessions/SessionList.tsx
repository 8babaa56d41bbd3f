import { useEffect } from 'react';
import { newSession, refreshSessions } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { SessionItem } from './SessionItem.js';

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

  return (
    <nav className="sessions" data-testid="sessions" aria-label="Sessions">
      <div className="brand">agentic</div>
      <button className="btn btn-primary wide" data-testid="new-session" onClick={() => void newSession()}>
        + New session
      </button>
      <ul className="session-list">
        {sessions.map((s) => (
          <SessionItem key={s.id} session={s} active={s.id === activeId} running={running.split(' ').includes(s.id)} />
        ))}
      </ul>
      <button className="btn wide" data-testid="open-settings" onClick={() => openSettings({ settingsOpen: true })}>
        ⚙ Settings
      </button>
    </nav>
  );
}
