import { useEffect, useRef } from 'react';
import { useStore } from '../../state/store.js';
import { ModelStatus } from '../onboarding/ModelStatus.js';
import { HeaderTools } from './HeaderTools.js';
import { Composer } from './Composer.js';
import { TurnItem } from './TurnItem.js';

const EMPTY: string[] = [];

export function ChatView() {
  const turnIds = useStore((s) => (s.activeSessionId ? s.domain.sessionTurns[s.activeSessionId] : undefined) ?? EMPTY);
  const title = useStore((s) => s.sessions.find((x) => x.id === s.activeSessionId)?.title ?? '');
  const runningTurnId = useStore((s) => turnIds.find((id) => s.domain.turns[id]?.status === 'running') ?? null);
  const lastTurn = useStore((s) => s.domain.turns[turnIds.at(-1) ?? '']);
  const set = useStore((s) => s.set);
  const menuOpen = useStore((s) => s.menuOpen);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  // Follow the stream while the user is at the bottom; leave them alone when they scroll up.
  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [lastTurn, turnIds.length]);

  const onScroll = (): void => {
    const el = scroller.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

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
      <div className="chat-scroll" ref={scroller} onScroll={onScroll} data-testid="chat">
        {turnIds.length === 0 && (
          <div className="empty-chat">
            <p>Ask for something: a question, a script to write and run, files to sort, a web search, a plan.</p>
            <p className="muted">Drop files anywhere on the window to copy them into the workspace.</p>
          </div>
        )}
        {turnIds.map((id, i) => (
          <TurnItem key={id} turnId={id} busy={runningTurnId !== null} last={i === turnIds.length - 1} />
        ))}
      </div>
      <Composer runningTurnId={runningTurnId} disabled={false} />
    </div>
  );
}
