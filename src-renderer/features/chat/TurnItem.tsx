import { memo } from 'react';
import { useStore } from '../../state/store.js';
import { PlanView } from '../plan/PlanView.js';
import { AnswerBody } from './AnswerBody.js';

const STATUS_TEXT = { running: 'working…', done: '', failed: 'failed', cancelled: 'stopped' } as const;

/** One request and the agent's answer to it. */
export const TurnItem = memo(function TurnItem({ turnId }: { turnId: string }) {
  const turn = useStore((s) => s.domain.turns[turnId]);
  if (!turn) return null;
  const waiting = turn.status === 'running' && turn.calls.length === 0;
  return (
    <article className="turn" data-turn-id={turn.turnId}>
      {turn.request && (
        <div className="request" data-testid="request">
          {turn.request}
        </div>
      )}
      <div className={`answer answer-${turn.status}`} data-testid="answer" data-status={turn.status}>
        <div className="answer-head">
          <span className="answer-agent" data-testid="answer-agent">
            {turn.agent ?? (waiting ? 'routing…' : 'agent')}
          </span>
          {STATUS_TEXT[turn.status] && <span className={`turn-status turn-${turn.status}`}>{STATUS_TEXT[turn.status]}</span>}
        </div>
        {turn.compacted && (
          <div className="turn-note muted" data-testid="compacted">
            Older messages were summarised to fit the model’s context ({turn.compacted.beforeTokens} → {turn.compacted.afterTokens} tokens).
          </div>
        )}
        {turn.plan && <PlanView steps={turn.plan} />}
        <AnswerBody turn={turn} />
        {waiting && <div className="typing" aria-label="waiting for the model"><span /><span /><span /></div>}
        {turn.error && (
          <div className="turn-error" data-testid="turn-error">
            <strong>{turn.error.code}</strong> {turn.error.message}
          </div>
        )}
      </div>
    </article>
  );
});
