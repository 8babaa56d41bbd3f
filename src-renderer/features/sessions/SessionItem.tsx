import { useState } from 'react';
import type { Session } from '../../../src-main/common/contract.js';
import { deleteSession, exportSession, openSession, renameSession } from '../../state/actions.js';

/** One session: click to open; rename inline; delete asks once more before it happens. */
export function SessionItem({ session, active, running }: { session: Session; active: boolean; running: boolean }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(session.title);

  const commit = (): void => {
    setEditing(false);
    const next = title.trim();
    if (next && next !== session.title) void renameSession(session.id, next);
    else setTitle(session.title);
  };
  const startRenaming = (): void => {
    setTitle(session.title);
    setEditing(true);
  };

  return (
    <li className={`session-item${active ? ' active' : ''}`} data-testid="session-item" data-session-id={session.id} data-active={active}>
      {editing ? (
        <input
          className="session-rename"
          data-testid="session-rename-input"
          value={title}
          autoFocus
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') {
              setTitle(session.title);
              setEditing(false);
            }
          }}
        />
      ) : (
        <button className="session-open" onClick={() => void openSession(session.id)} onDoubleClick={() => setEditing(true)} title={session.title}>
          {running && <span className="spinner" aria-label="running" />}
          <span className="session-title">{session.title || 'Untitled'}</span>
        </button>
      )}
      <SessionActions sessionId={session.id} onRename={startRenaming} />
    </li>
  );
}

/** Export, rename and delete; delete becomes Delete / Keep until the user answers. */
function SessionActions({ sessionId, onRename }: { sessionId: string; onRename: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="session-actions">
      {confirming ? (
        <>
          <button className="icon-btn danger" data-testid="session-delete-confirm" onClick={() => void deleteSession(sessionId)} title="Delete for good">
            Delete
          </button>
          <button className="icon-btn" onClick={() => setConfirming(false)} title="Keep">
            Keep
          </button>
        </>
      ) : (
        <>
          <button className="icon-btn" data-testid="session-export" onClick={() => void exportSession(sessionId)} title="Export as Markdown">
            ⤓
          </button>
          <button className="icon-btn" data-testid="session-rename" onClick={onRename} title="Rename">
            ✎
          </button>
          <button className="icon-btn" data-testid="session-delete" onClick={() => setConfirming(true)} title="Delete">
            ✕
          </button>
        </>
      )}
    </div>
  );
}
