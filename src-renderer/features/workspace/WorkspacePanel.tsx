import { useCallback, useEffect, useState } from 'react';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { useLastTurnMarks } from '../checkpoints/checkpointsStore.js';
import { FilePreview, type PreviewAt } from './FilePreview.js';
import { KnowledgeSearch } from './KnowledgeSearch.js';
import { FolderTrustButton } from './FolderTrustButton.js';
import { RevealButton } from './RevealButton.js';
import { formatBytes } from './files.js';
import { treeRows } from './tree.js';
import { isMarked, useUntrustedMarks } from './untrustedMarks.js';
import './untrusted.css';
import type { WorkspaceEntry } from './workspace.js';

/** The workspace's files; refreshed when a turn ends or files are dropped. */
export function WorkspacePanel() {
  const version = useStore((s) => s.domain.workspaceVersion);
  const folder = useStore((s) => s.info?.workspace ?? '');
  const [entries, setEntries] = useState<WorkspaceEntry[]>([]);
  const marks = useLastTurnMarks();
  const untrusted = useUntrustedMarks();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [previewAt, setPreviewAt] = useState<PreviewAt | null>(null);
  const open = (path: string, at: PreviewAt | null = null): void => {
    setPreviewAt(at);
    setPreviewing(path);
  };
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string): void =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(path)) next.add(path);
      return next;
    });

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
      {folder && (
        <div className="workspace-folder muted" title={folder}>
          {folder}
        </div>
      )}
      <KnowledgeSearch onOpen={(hit) => open(hit.path, { page: hit.page, lines: hit.lines, text: hit.text })} />
      <ul className="file-list">
        {entries.length === 0 && <li className="muted">No files yet. Drop files on the window to add them.</li>}
        {treeRows(entries, collapsed).map(({ entry: e, name, depth }) => (
          <li
            key={e.path}
            className={`${e.dir ? 'file dir' : 'file'}${marks.has(e.path) ? ' changed' : ''}`}
            data-testid="workspace-file"
            data-path={e.path}
            data-change={marks.get(e.path)}
            title={e.path}
            style={{ paddingLeft: 6 + depth * 14 }}
          >
            {e.dir ? (
              <button className="link file-name folder-toggle" data-testid="folder-toggle" aria-expanded={!collapsed.has(e.path)} onClick={() => toggle(e.path)}>
                {collapsed.has(e.path) ? '▸' : '▾'} {name}/
              </button>
            ) : (
              <span
                className="file-name file-open"
                role="button"
                tabIndex={0}
                data-testid="file-open"
                onClick={() => open(e.path)}
                onKeyDown={(k) => k.key === 'Enter' && open(e.path)}
              >
                {/* The folder part stays, dimmed: a row read alone (search, a screen reader) still says where it is. */}
                {e.path.length > name.length && <span className="file-dir muted">{e.path.slice(0, e.path.length - name.length)}</span>}
                {name}
              </span>
            )}
            {marks.has(e.path) && (
              <span className="file-change" title="changed by the last turn">
                {marks.get(e.path)}
              </span>
            )}
            {isMarked(e.path, untrusted) && (
              <span className="file-untrusted" data-testid="file-untrusted" title="marked untrusted: after its text is read, blocks ask first">
                untrusted
              </span>
            )}
            {!e.dir && <span className="file-size muted">{formatBytes(e.size)}</span>}
            {e.dir && <FolderTrustButton path={e.path} marks={untrusted} />}
            <RevealButton path={e.path} />
          </li>
        ))}
      </ul>
      {previewing && <FilePreview path={previewing} at={previewAt} onClose={() => setPreviewing(null)} />}
    </section>
  );
}
