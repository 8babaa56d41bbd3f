import { useCallback, useEffect, useState } from 'react';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { useLastTurnMarks } from '../checkpoints/checkpointsStore.js';
import { formatBytes } from './files.js';
import type { WorkspaceEntry } from './workspace.js';

/** The workspace's files; refreshed when a turn ends or files are dropped. */
export function WorkspacePanel() {
  const version = useStore((s) => s.domain.workspaceVersion);
  const folder = useStore((s) => s.info?.workspace ?? '');
  const [entries, setEntries] = useState<WorkspaceEntry[]>([]);
  const marks = useLastTurnMarks();

  const refresh = useCallback(async () => {
    const list = await call('workspace.list', {});
    if (list) setEntries([...list].sort((a, b) => a.path.localeCompare(b.path)));
  }, []);

  useEffect(() => {
    void refresh();
  }, [version, refresh]);

  return (
    <section className="panel workspace" data-testid="workspace">
      <div className="panel-head">
        <span>Workspace</span>
        <button className="icon-btn" onClick={() => void refresh()} title="Refresh">
          ↻
        </button>
      </div>
      {folder && <div className="workspace-folder muted" title={folder}>{folder}</div>}
      <ul className="file-list">
        {entries.length === 0 && <li className="muted">No files yet. Drop files on the window to add them.</li>}
        {entries.map((e) => (
          <li key={e.path} className={`${e.dir ? 'file dir' : 'file'}${marks.has(e.path) ? ' changed' : ''}`} data-testid="workspace-file" data-change={marks.get(e.path)} title={e.path}>
            <span className="file-name">{e.path}{e.dir ? '/' : ''}</span>
            {marks.has(e.path) && <span className="file-change" title="changed by the last turn">{marks.get(e.path)}</span>}
            {!e.dir && <span className="file-size muted">{formatBytes(e.size)}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
