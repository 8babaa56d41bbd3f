import { CodeView } from '../chat/CodeView.js';
import type { BlockView } from '../../state/types.js';
import { XtermView } from './XtermView.js';

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

/** One executed block: header (language, status, exit code, duration), its code folded, its live terminal. */
export function BlockTerminal({ block }: { block: BlockView }) {
  return (
    <div className={`block-terminal status-${block.status}`} data-testid="terminal" data-status={block.status} data-block-id={block.blockId}>
      <div className="terminal-header">
        <span className="terminal-lang">{block.tool || 'block'}</span>
        {block.savePath && <span className="terminal-path">{block.savePath}</span>}
        <span className={`badge badge-${block.status}`} data-testid="terminal-status">
          {block.status === 'running' && <span className="spinner" aria-hidden />}
          {STATUS_LABEL[block.status]}
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
      <XtermView output={block.output} />
    </div>
  );
}
