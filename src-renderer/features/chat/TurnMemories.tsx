import { useState } from 'react';
import { call } from '../../state/actions.js';
import type { TurnView } from '../../state/types.js';

/** What a turn remembered, and an agent's proposals, each kept or dismissed with one click. */
export function TurnMemories({ memories }: { memories: TurnView['memories'] }) {
  const [decided, setDecided] = useState<Record<number, 'kept' | 'dismissed'>>({});
  if (memories.length === 0) return null;
  const decide = async (id: number, keep: boolean) => {
    const done = keep ? await call('memory.update', { id, status: 'active' }) : await call('memory.delete', { id });
    if (done) setDecided((d) => ({ ...d, [id]: keep ? 'kept' : 'dismissed' }));
  };
  return (
    <div className="turn-note muted" data-testid="turn-memories">
      {memories.map((m) =>
        m.status === 'active' || decided[m.id] === 'kept' ? (
          <div key={m.id} data-testid="memory-remembered">
            Remembered: {m.text}
          </div>
        ) : decided[m.id] === 'dismissed' ? null : (
          <div key={m.id} data-testid="memory-proposal">
            Remember “{m.text}”?{' '}
            <button data-testid="memory-proposal-keep" onClick={() => void decide(m.id, true)}>
              Keep
            </button>{' '}
            <button data-testid="memory-proposal-dismiss" onClick={() => void decide(m.id, false)}>
              Dismiss
            </button>
          </div>
        ),
      )}
    </div>
  );
}
