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
  const [changes, setChanges] = useState<ChangeView[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [diff, setDiff] = useState<FileDiff | null>(null);
  const [refused, setRefused] = useState<RestoreResult | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void call('checkpoint.changes', { turnId }).then((r) => {
      if (!r) return;
      setChanges(r.changes);
      setSelected((s) => s ?? r.changes.find((c) => c.entry !== 'dir')?.path ?? r.changes[0]?.path ?? null);
    });
  }, [turnId, summary?.state]);

  useEffect(() => {
    setDiff(null);
    if (selected) void call('checkpoint.diff', { turnId, path: selected }).then(setDiff);
  }, [turnId, selected, summary?.state]);

  const restore = async (direction: 'undo' | 'redo', cascade: boolean) => {
    setBusy(true);
    const result = await call(direction === 'undo' ? 'checkpoint.undo' : 'checkpoint.redo', { turnId, cascade });
    setBusy(false);
    setRefused(result && !result.done ? result : null);
    if (result?.done) await afterRestore(sessionId);
  };

  const undone = summary?.state === 'undone';
  const notKept = changes.filter((c) => !c.restorable);
  const blamed = refused?.conflicts.some((c) => c.byTurn);
  const others = undone ? 0 : (refused?.laterTurns.length ?? 0);
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
          <ul className="diff-files">
            {changes.map((c) => (
              <li key={c.path} className={c.path === selected ? 'selected' : ''} data-testid="diff-file" onClick={() => setSelected(c.path)} title={c.path}>
                <span className={`diff-kind ${c.kind}`}>{LABEL[c.kind]}</span>
                {c.kind === 'renamed' ? `${c.from} → ${c.path}` : c.path}
                {c.entry === 'dir' ? '/' : ''}
              </li>
            ))}
          </ul>
          <div className="diff-pane">{diff ? <FileDiffView diff={diff} /> : <span className="muted">Select a file.</span>}</div>
        </div>
        {refused && (
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
        )}
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
