import { CodeView } from '../chat/CodeView.js';
import { useStore } from '../../state/store.js';
import type { BlockView } from '../../state/types.js';
import { LazyXterm } from './LazyXterm.js';

const STATUS_LABEL: Record<BlockView['status'], string> = {
  running: 'running',
  ok: 'ok',
  failed: 'failed',
  timeout: 'timed out',
  refused: 'refused',
  declined: 'declined',
  cancelled: 'cancelled',
  error: 'error',
};

export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** The policy's own refusal is written for people ("Not run: …"); the note after a user's decline is not. */
function notRunText(block: BlockView): string {
  const text = block.output.replace(/\r/g, '').trim();
  if (text.startsWith('Not run:')) return text;
  return block.status === 'declined' ? 'Not run: you declined it.' : 'Not run: the safety rules do not allow it.';
}

/** One executed block: header (language, status, exit code, duration), its code folded, its live terminal. */
export function BlockTerminal({ block }: { block: BlockView }) {
  const awaiting = useStore((s) => block.status === 'running' && s.domain.approvals.some((a) => a.blockId === block.blockId));
  // A declined or refused block never ran: its "output" is the note written for the model.
  const notRun = block.status === 'declined' || block.status === 'refused';
  const label = awaiting ? 'waiting for your approval' : STATUS_LABEL[block.status];
  return (
    <div
      className={`block-terminal status-${awaiting ? 'awaiting' : block.status}`}
      data-testid="terminal"
      data-status={block.status}
      data-awaiting={awaiting || undefined}
      data-block-id={block.blockId}
    >
      <div className="terminal-header">
        <span className="terminal-lang">{block.tool || 'block'}</span>
        {block.savePath && <span className="terminal-path">{block.savePath}</span>}
        <span className={`badge badge-${awaiting ? 'awaiting' : block.status}`} data-testid="terminal-status">
          {block.status === 'running' && !awaiting && <span className="spinner" aria-hidden />}
          {label}
        </span>
        {block.exitCode !== null && <span className="terminal-exit">exit {block.exitCode}</span>}
        {block.durationMs !== null && <span className="terminal-duration">{formatDuration(block.durationMs)}</span>}
        {block.savedTo && <span className="terminal-saved">saved to {block.savedTo}</span>}
      </div>
      {block.code && (
        <details className="terminal-code">
          <summary>Code</summary>
          <pre className="code-block">
            <CodeView code={block.code} language={block.tool} />
          </pre>
        </details>
      )}
      {notRun ? (
        <div className="terminal-note muted" data-testid="terminal-note">
          {notRunText(block)}
        </div>
      ) : awaiting ? (
        <div className="terminal-note" data-testid="terminal-note">
          Waiting for your answer: approve or decline this block.
        </div>
      ) : (
        <LazyXterm output={block.output} />
      )}
    </div>
  );
}
