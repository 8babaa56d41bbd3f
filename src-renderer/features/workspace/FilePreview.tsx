import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { CODE_LANGUAGES } from '../../../src-main/common/languages.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { CodeView } from '../chat/CodeView.js';
import { formatBytes } from './files.js';
import { hitPlace } from './KnowledgeSearch.js';
import { RevealButton } from './RevealButton.js';
import { isMarked, setUntrusted, useUntrustedMarks } from './untrustedMarks.js';

type Preview = CommandOutput<'workspace.read'>;

// The code languages the agents run (from their table), then other text people keep in a workspace.
const LANGUAGES: Record<string, string> = {
  ...Object.fromEntries(CODE_LANGUAGES.flatMap((l) => l.extensions.map((ext) => [ext, l.id]))),
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  md: 'markdown',
};
const languageOf = (path: string): string => LANGUAGES[path.split('.').pop()?.toLowerCase() ?? ''] ?? '';

/** Where a search hit is in the file: the preview says so, shows the passage, and scrolls text to its first line. */
export interface PreviewAt {
  page: number | null;
  lines: [number, number];
  text: string;
}

/** One workspace file: its preview (code highlighted, images, a PDF's first page) and Delete, which asks first. */
export function FilePreview({ path, onClose, at }: { path: string; onClose: () => void; at?: PreviewAt | null }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const body = useRef<HTMLPreElement>(null);
  useEffect(() => {
    void call('workspace.read', { path }).then(setPreview);
  }, [path]);
  useEffect(() => {
    const pre = body.current;
    if (!at || preview?.kind !== 'text' || !pre) return;
    const lineHeight = parseFloat(getComputedStyle(pre).lineHeight) || 16;
    pre.scrollTop = (at.lines[0] - 1) * lineHeight;
  }, [preview, at]);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal file-preview" data-testid="file-preview" role="dialog" aria-modal="true" aria-label={path}>
        <h2 className="file-preview-title">{path}</h2>
        {at && (
          <div className="file-preview-at" data-testid="preview-at">
            Found on {hitPlace(at)}:<blockquote>{at.text}</blockquote>
          </div>
        )}
        <PreviewBody path={path} preview={preview} bodyRef={body} />
        {preview?.truncated && <p className="muted">Showing the first 512 KB of {formatBytes(preview.size)}.</p>}
        <PreviewActions path={path} onClose={onClose} />
      </div>
    </div>
  );
}

/** Text highlighted as code, an image or a PDF's first page, or a line saying there is no preview. */
function PreviewBody({ path, preview, bodyRef }: { path: string; preview: Preview | null; bodyRef: RefObject<HTMLPreElement | null> }) {
  if (!preview) return <p className="muted">Loading…</p>;
  if (preview.kind === 'text') {
    return (
      <pre className="code-block file-preview-body" data-testid="preview-text" ref={bodyRef}>
        <CodeView code={preview.text ?? ''} language={languageOf(path)} />
      </pre>
    );
  }
  const data = preview.dataBase64 && preview.mime ? `data:${preview.mime};base64,${preview.dataBase64}` : null;
  if (data) {
    return (
      <div className="file-preview-image">
        <img src={data} alt={preview.kind === 'pdf' ? `first page of ${path}` : path} data-testid={preview.kind === 'pdf' ? 'preview-pdf' : 'preview-image'} />
      </div>
    );
  }
  return (
    <p className="muted" data-testid="preview-none">
      No preview for this kind of file ({formatBytes(preview.size)}).
    </p>
  );
}

/** Show in folder, mark untrusted, Delete (which asks first) and Close. */
function PreviewActions({ path, onClose }: { path: string; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = async (): Promise<void> => {
    const done = await call('workspace.delete', { path });
    if (!done) return;
    useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
    onClose();
  };
  return (
    <div className="modal-actions">
      {confirming ? (
        <>
          <span className="form-problem">Delete {path} for good?</span>
          <button className="btn" onClick={() => setConfirming(false)}>
            Keep
          </button>
          <button className="btn btn-danger" data-testid="file-delete-confirm" onClick={() => void remove()}>
            Delete
          </button>
        </>
      ) : (
        <>
          <RevealButton path={path} label="Show in folder" testId="preview-reveal" />
          <UntrustedToggle path={path} />
          <button className="btn" data-testid="file-delete" onClick={() => setConfirming(true)}>
            Delete…
          </button>
          <button className="btn" data-testid="file-preview-close" onClick={onClose}>
            Close
          </button>
        </>
      )}
    </div>
  );
}

function UntrustedToggle({ path }: { path: string }) {
  const marks = useUntrustedMarks();
  const untrusted = isMarked(path, marks);
  // A mark on a folder holding the file is removed from that folder, not here.
  const ownMark = marks.includes(path);
  return (
    <button
      className="btn"
      data-testid="file-untrusted-toggle"
      aria-pressed={untrusted}
      disabled={untrusted && !ownMark}
      title={
        untrusted
          ? ownMark
            ? 'Trust this file again'
            : 'A folder holding this file is marked untrusted'
          : 'Text in this file may carry instructions that are not yours: after it is read, blocks ask first'
      }
      onClick={() => void setUntrusted(path, !untrusted)}
    >
      {untrusted ? 'Marked untrusted' : 'Mark untrusted'}
    </button>
  );
}
