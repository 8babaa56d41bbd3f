import { useEffect } from 'react';
import { useStore } from '../../state/store.js';
import { ModelStatus } from '../onboarding/ModelStatus.js';
import { HeaderTools } from './HeaderTools.js';
import { Composer } from './Composer.js';
import { TurnList } from './TurnList.js';
import { loadSelfTestResults } from './selfTestStore.js';

const EMPTY: string[] = [];

export function ChatView() {
  const turnIds = useStore((s) => (s.activeSessionId ? s.domain.sessionTurns[s.activeSessionId] : undefined) ?? EMPTY);
  const title = useStore((s) => s.sessions.find((x) => x.id === s.activeSessionId)?.title ?? '');
  const runningTurnId = useStore((s) => turnIds.find((id) => s.domain.turns[id]?.status === 'running') ?? null);
  const sessionId = useStore((s) => s.activeSessionId);
  const set = useStore((s) => s.set);
  const menuOpen = useStore((s) => s.menuOpen);
  // The self-test warning follows the configured model: its kept result is read again when it changes.
  const model = useStore((s) => (s.info ? `${s.info.provider.kind}/${s.info.provider.model}` : null));
  useEffect(() => {
    if (model) void loadSelfTestResults();
  }, [model]);

  return (
    <div className="chat">
      <header className="chat-header">
        <button className="icon-btn menu-btn" aria-label="Sessions" aria-expanded={menuOpen} onClick={() => set({ menuOpen: !menuOpen })}>
          ☰
        </button>
        <h1>{title || 'New conversation'}</h1>
        <ModelStatus />
        <HeaderTools />
      </header>
      <TurnList
        sessionId={sessionId}
        turnIds={turnIds}
        runningTurnId={runningTurnId}
        empty={
          <div className="empty-chat">
            <p>Ask for something: a question, a script to write and run, files to sort, a web search, a plan.</p>
            <p className="muted">Drop files anywhere on the window to copy them into the workspace.</p>
          </div>
        }
      />
      <Composer runningTurnId={runningTurnId} disabled={false} />
    </div>
  );
}
