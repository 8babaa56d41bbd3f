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
  const folder = useStore((s) => s.info?.workspace ?? '');
  const { entries, refresh } = useWorkspaceEntries();
  const marks = useLastTurnMarks();
  const untrusted = useUntrustedMarks();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [previewAt, setPreviewAt] = useState<PreviewAt | null>(null);
  const open = (path: string, at: PreviewAt | null = null): void => {
    setPreviewAt(at);
    setPreviewing(path);
  };
  const { collapsed, toggle } = useCollapsedFolders();
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
        {treeRows(entries, collapsed).map(({ entry, name, depth }) => (
          <FileRow
            key={entry.path}
            entry={entry}
            name={name}
            depth={depth}
            change={marks.get(entry.path)}
            untrusted={untrusted}
            collapsed={collapsed.has(entry.path)}
            onToggle={toggle}
            onOpen={open}
          />
        ))}
      </ul>
      {previewing && <FilePreview path={previewing} at={previewAt} onClose={() => setPreviewing(null)} />}
    </section>
  );
}

/** The workspace's entries by path, listed again whenever the store says the workspace changed. */
function useWorkspaceEntries() {
  const version = useStore((s) => s.domain.workspaceVersion);
  const [entries, setEntries] = useState<WorkspaceEntry[]>([]);
  const refresh = useCallback(async () => {
    const list = await call('workspace.list', {});
    if (list) setEntries([...list].sort((a, b) => a.path.localeCompare(b.path)));
  }, []);
  useEffect(() => {
    void refresh();
  }, [version, refresh]);
  return { entries, refresh };
}

function useCollapsedFolders() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string): void =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  return { collapsed, toggle };
}

interface FileRowProps {
  entry: WorkspaceEntry;
  name: string;
  depth: number;
  /** How the last turn changed this entry, if it did. */
  change: string | undefined;
  untrusted: readonly string[];
  collapsed: boolean;
  onToggle: (path: string) => void;
  onOpen: (path: string) => void;
}

/** One row of the tree: a folder that folds, or a file that opens its preview; with its marks and buttons. */
function FileRow({ entry: e, name, depth, change, untrusted, collapsed, onToggle, onOpen }: FileRowProps) {
  return (
    <li
      className={`${e.dir ? 'file dir' : 'file'}${change !== undefined ? ' changed' : ''}`}
      data-testid="workspace-file"
      data-path={e.path}
      data-change={change}
      title={e.path}
      style={{ paddingLeft: 6 + depth * 14 }}
    >
      {e.dir ? (
        <button className="link file-name folder-toggle" data-testid="folder-toggle" aria-expanded={!collapsed} onClick={() => onToggle(e.path)}>
          {collapsed ? '▸' : '▾'} {name}/
        </button>
      ) : (
        <span
          className="file-name file-open"
          role="button"
          tabIndex={0}
          data-testid="file-open"
          onClick={() => onOpen(e.path)}
          onKeyDown={(k) => k.key === 'Enter' && onOpen(e.path)}
        >
          {/* The folder part stays, dimmed: a row read alone (search, a screen reader) still says where it is. */}
          {e.path.length > name.length && <span className="file-dir muted">{e.path.slice(0, e.path.length - name.length)}</span>}
          {name}
        </span>
      )}
      {change !== undefined && (
        <span className="file-change" title="changed by the last turn">
          {change}
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
  );
}
