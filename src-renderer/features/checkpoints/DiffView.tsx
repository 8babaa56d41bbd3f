import { useEffect, useState } from 'react';
import type { ChangeView, FileDiff, RestoreResult } from '../../../src-main/common/checkpoints.js';
import { call } from '../../state/actions.js';
import { afterRestore, useCheckpoints } from './checkpointsStore.js';
import { FileDiffView } from './FileDiffView.js';
import './checkpoints.css';

const LABEL: Record<ChangeView['kind'], string> = { created: 'A', modified: 'M', deleted: 'D', renamed: 'R', mode: 'mode' };

/** A turn's changes: the list, one file's diff, and Undo this turn / Redo. */
export function DiffView({ turnId, sessionId, onClose }: { turnId: string; sessionId: string; onClose: () => void }) {
  const summary = useCheckpoints((s) => s.bySession[sessionId]?.[turnId]);
  const { changes, selected, setSelected, diff } = useTurnChanges(turnId, summary?.state);
  const { refused, busy, restore } = useRestore(turnId, sessionId);
  const undone = summary?.state === 'undone';
  const notKept = changes.filter((c) => !c.restorable);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal diff-modal" role="dialog" aria-modal="true" aria-label="Changes of this turn" data-testid="diff-view" onClick={(e) => e.stopPropagation()}>
        <div className="diff-head">
          <h2>
            {summary?.filesChanged ?? changes.length} files changed{undone ? ' · undone' : ''}
          </h2>
          <button className="icon-btn" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </div>
        {notKept.length > 0 && (
          <div className="diff-warning" data-testid="not-undoable">
            {notKept.length} file{notKept.length === 1 ? ' is' : 's are'} over the size limit and cannot be undone: {notKept.map((c) => c.path).join(', ')}
          </div>
        )}
        <div className="diff-body">
          <ChangedFiles changes={changes} selected={selected} onSelect={setSelected} />
          <div className="diff-pane">{diff ? <FileDiffView diff={diff} /> : <span className="muted">Select a file.</span>}</div>
        </div>
        {refused && <RestoreRefused refused={refused} undone={undone} busy={busy} restore={restore} />}
        <div className="modal-actions">
          {undone ? (
            <button className="btn btn-primary" data-testid="redo-turn" disabled={busy} onClick={() => void restore('redo', false)}>
              Redo
            </button>
          ) : (
            <button className="btn btn-primary" data-testid="undo-turn" disabled={busy} onClick={() => void restore('undo', false)}>
              Undo this turn
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

type Restore = (direction: 'undo' | 'redo', cascade: boolean) => Promise<void>;

/** The turn's changed files and the selected one's diff, read again whenever the turn is undone or redone. */
function useTurnChanges(turnId: string, state: string | undefined) {
  const [changes, setChanges] = useState<ChangeView[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [diff, setDiff] = useState<FileDiff | null>(null);

  useEffect(() => {
    void call('checkpoint.changes', { turnId }).then((r) => {
      if (!r) return;
      setChanges(r.changes);
      setSelected((s) => s ?? r.changes.find((c) => c.entry !== 'dir')?.path ?? r.changes[0]?.path ?? null);
    });
  }, [turnId, state]);

  useEffect(() => {
    setDiff(null);
    if (selected) void call('checkpoint.diff', { turnId, path: selected }).then(setDiff);
  }, [turnId, selected, state]);
  return { changes, selected, setSelected, diff };
}

/** Undo or redo the turn; a refusal (a later turn changed the same files) is kept to explain it. */
function useRestore(turnId: string, sessionId: string) {
  const [refused, setRefused] = useState<RestoreResult | null>(null);
  const [busy, setBusy] = useState(false);
  const restore: Restore = async (direction, cascade) => {
    setBusy(true);
    const result = await call(direction === 'undo' ? 'checkpoint.undo' : 'checkpoint.redo', { turnId, cascade });
    setBusy(false);
    setRefused(result && !result.done ? result : null);
    if (result?.done) await afterRestore(sessionId);
  };
  return { refused, busy, restore };
}

function ChangedFiles({ changes, selected, onSelect }: { changes: ChangeView[]; selected: string | null; onSelect: (path: string) => void }) {
  return (
    <ul className="diff-files">
      {changes.map((c) => (
        <li key={c.path} className={c.path === selected ? 'selected' : ''} data-testid="diff-file" onClick={() => onSelect(c.path)} title={c.path}>
          <span className={`diff-kind ${c.kind}`}>{LABEL[c.kind]}</span>
          {c.kind === 'renamed' ? `${c.from} → ${c.path}` : c.path}
          {c.entry === 'dir' ? '/' : ''}
        </li>
      ))}
    </ul>
  );
}

/** Why the restore was refused and, when later (or earlier) turns are to blame, the offer to restore them too. */
function RestoreRefused({ refused, undone, busy, restore }: { refused: RestoreResult; undone: boolean; busy: boolean; restore: Restore }) {
  const blamed = refused.conflicts.some((c) => c.byTurn);
  const others = undone ? 0 : refused.laterTurns.length;
  return (
    <div className="diff-warning" data-testid="restore-refused">
      {refused.reason}
      {blamed && others > 0 && (
        <button className="btn btn-danger" data-testid="undo-cascade" disabled={busy} onClick={() => void restore('undo', true)}>
          Go back to that point (undo {others} later turn{others === 1 ? '' : 's'} too)
        </button>
      )}
      {blamed && undone && (
        <button className="btn" data-testid="redo-cascade" disabled={busy} onClick={() => void restore('redo', true)}>
          Redo the earlier turns too
        </button>
      )}
    </div>
  );
}
