import { useCallback, useEffect, useState } from 'react';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { call } from '../../state/actions.js';
import './knowledge.css';

type Hit = CommandOutput<'knowledge.search'>['hits'][number];
type Progress = CommandOutput<'knowledge.status'>;

/** Where a hit is, as the answers cite it. */
export const hitPlace = (hit: Pick<Hit, 'page' | 'lines'>): string =>
  `${hit.page === null ? '' : `page ${hit.page}, `}${hit.lines[0] === hit.lines[1] ? `line ${hit.lines[0]}` : `lines ${hit.lines[0]}-${hit.lines[1]}`}`;

function progressText(p: Progress): string {
  const counts = `${p.files} files, ${p.passages} passages${p.embedded > 0 ? ` (${p.embedded} by meaning)` : ''}`;
  if (p.state === 'paused') return `Indexing paused · ${counts}`;
  if (p.state === 'idle') return `Index up to date · ${counts}`;
  return `Indexing${p.pending > 0 ? ` · ${p.pending} to go` : '…'} · ${counts}`;
}

/** The workspace's search box: words and meaning over every document, each hit opening its file at that place. */
export function KnowledgeSearch({ onOpen }: { onOpen: (hit: Hit) => void }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);

  const poll = useCallback(async () => {
    const status = await call('knowledge.status', {});
    if (status) setProgress(status);
  }, []);
  useEffect(() => {
    void poll();
    // Polled rather than pushed: one cheap count every few seconds while the panel is shown.
    const timer = setInterval(() => void poll(), 3000);
    return () => clearInterval(timer);
  }, [poll]);

  const search = async (): Promise<void> => {
    if (!query.trim()) return setHits(null);
    const result = await call('knowledge.search', { query: query.trim() });
    if (!result) return;
    setHits(result.hits);
    setProgress(result.progress);
  };
  const togglePause = async (): Promise<void> => {
    const status = await call('knowledge.pause', { paused: progress?.state !== 'paused' });
    if (status) setProgress(status);
  };

  return (
    <div className="knowledge" data-testid="knowledge">
      <form
        className="knowledge-form"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input
          className="knowledge-query"
          data-testid="knowledge-query"
          type="search"
          placeholder="Search your documents…"
          aria-label="Search the workspace's documents"
          value={query}
          maxLength={1000}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      {progress && (
        <div className="knowledge-progress muted" data-testid="knowledge-progress">
          <span>{progressText(progress)}</span>
          <button className="link" data-testid="knowledge-pause" onClick={() => void togglePause()}>
            {progress.state === 'paused' ? 'Resume' : 'Pause'}
          </button>
        </div>
      )}
      {hits && <HitList hits={hits} onOpen={onOpen} />}
    </div>
  );
}

function HitList({ hits, onOpen }: { hits: Hit[]; onOpen: (hit: Hit) => void }) {
  return (
    <ul className="knowledge-hits" data-testid="knowledge-hits">
      {hits.length === 0 && <li className="muted">Nothing found.</li>}
      {hits.map((hit, i) => (
        <li key={`${hit.path}:${hit.page}:${hit.lines[0]}:${i}`}>
          <button className="knowledge-hit" data-testid="knowledge-hit" onClick={() => onOpen(hit)} title={`${hit.path}, ${hitPlace(hit)}`}>
            <span className="knowledge-hit-where">
              <span className="file-name">{hit.path}</span> <span className="muted">{hitPlace(hit)}</span>
              {hit.untrusted && <span className="file-untrusted">untrusted</span>}
            </span>
            <span className="knowledge-hit-text">{hit.text.replace(/\s+/g, ' ').slice(0, 200)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
