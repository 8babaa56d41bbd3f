import { useEffect, useRef } from 'react';
import { LazyDiffView as DiffView } from './LazyDiffView.js';
import { loadCheckpoints, useCheckpoints } from './checkpointsStore.js';
import './badges.css';

/** "N files changed" under a turn; opens the diff view with undo and redo. */
export function TurnChanges({ turnId, sessionId, running }: { turnId: string; sessionId: string | null; running: boolean }) {
  const summary = useCheckpoints((s) => (sessionId ? s.bySession[sessionId]?.[turnId] : undefined));
  const open = useCheckpoints((s) => s.openTurnId === turnId);
  const set = useCheckpoints((s) => s.set);

  // A finished turn's record is written before its end is announced: fetch it then, and when a
  // session's first turn shows. Not at every mount: in a virtualised chat rows mount as they scroll in.
  const wasRunning = useRef(running);
  useEffect(() => {
    const ended = wasRunning.current && !running;
    wasRunning.current = running;
    if (!sessionId || running) return;
    if (ended || useCheckpoints.getState().bySession[sessionId] === undefined) void loadCheckpoints(sessionId);
  }, [sessionId, running]);

  if (!summary || summary.filesChanged === 0 || !sessionId) return null;
  const n = summary.filesChanged;
  return (
    <>
      <button className={`turn-changes ${summary.state}`} data-testid="turn-changes" data-state={summary.state} onClick={() => set({ openTurnId: turnId })}>
        {n} file{n === 1 ? '' : 's'} changed{summary.state === 'undone' ? ' · undone' : ''}
      </button>
      {open && <DiffView turnId={turnId} sessionId={sessionId} onClose={() => set({ openTurnId: null })} />}
    </>
  );
}
