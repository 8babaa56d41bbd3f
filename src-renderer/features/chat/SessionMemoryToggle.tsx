import { useEffect, useState } from 'react';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

/** Whether this session's turns get the remembered facts (Settings → Memory); off for a session that should start from nothing. */
export function SessionMemoryToggle() {
  const sessionId = useStore((s) => s.activeSessionId);
  const [off, setOff] = useState<boolean | null>(null);
  useEffect(() => {
    setOff(null);
    if (!sessionId) return;
    let current = true;
    void call('memory.session', { sessionId }).then((r) => current && r && setOff(r.off));
    return () => {
      current = false;
    };
  }, [sessionId]);
  if (!sessionId || off === null) return null;
  const toggle = () => void call('memory.session', { sessionId, off: !off }).then((r) => r && setOff(r.off));
  return (
    <button
      className="icon-btn"
      data-testid="session-memory"
      aria-pressed={!off}
      title={off ? 'This session runs without your memories: click to use them' : 'This session uses your memories: click to run it without them'}
      onClick={toggle}
    >
      {off ? 'Memory off' : 'Memory'}
    </button>
  );
}
