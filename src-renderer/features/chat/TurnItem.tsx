import { memo } from 'react';
import { useStore } from '../../state/store.js';
import { humanError } from '../../ui/errorText.js';
import { TurnChanges } from '../checkpoints/TurnChanges.js';
import { PlanView } from '../plan/PlanView.js';
import { AnswerBody } from './AnswerBody.js';
import { AnswerActions, RequestBubble } from './MessageActions.js';
import { TurnMemories } from './TurnMemories.js';
import { TurnSchedule } from './TurnSchedule.js';
import { turnSelfTestWarning, useCurrentSelfTest } from './selfTestStore.js';

const STATUS_TEXT = { running: 'working…', done: '', failed: 'failed', cancelled: 'stopped' } as const;

/** One request and the agent's answer to it. */
export const TurnItem = memo(function TurnItem({ turnId, busy, last }: { turnId: string; busy: boolean; last: boolean }) {
  const turn = useStore((s) => s.domain.turns[turnId]);
  const awaiting = useStore((s) => s.domain.approvals.some((a) => a.turnId === turnId));
  const selfTest = useCurrentSelfTest();
  if (!turn) return null;
  const weak = turnSelfTestWarning(turn, selfTest);
  const waiting = turn.status === 'running' && turn.calls.length === 0;
  const statusText = awaiting ? 'waiting for your approval' : STATUS_TEXT[turn.status];
  return (
    <article className="turn" data-turn-id={turn.turnId}>
      {turn.request && <RequestBubble turn={turn} busy={busy} />}
      <div className={`answer answer-${turn.status}`} data-testid="answer" data-status={turn.status}>
        <div className="answer-head">
          <span className="answer-agent" data-testid="answer-agent">
            {turn.agent ?? (waiting ? 'routing…' : 'agent')}
          </span>
          {statusText && (
            <span className={`turn-status turn-${awaiting ? 'awaiting' : turn.status}`} data-testid="turn-status">
              {statusText}
            </span>
          )}
        </div>
        {weak && (
          <div className="turn-note turn-warning" data-testid="selftest-warning" role="note">
            {weak}
          </div>
        )}
        {turn.compacted && (
          <div className="turn-note muted" data-testid="compacted">
            Older messages were summarised to fit the model’s context ({turn.compacted.beforeTokens} → {turn.compacted.afterTokens} tokens).
          </div>
        )}
        {turn.progress && turn.status === 'running' && (
          <div className="turn-note muted" data-testid="work-progress" role="status">
            {turn.progress.stage === 'part' ? `Reading a long text: part ${turn.progress.part} of ${turn.progress.parts}` : `Combining ${turn.progress.parts} parts`}
          </div>
        )}
        {turn.plan && <PlanView steps={turn.plan} />}
        <AnswerBody turn={turn} />
        <TurnMemories memories={turn.memories} />
        <TurnSchedule proposal={turn.scheduleProposal} />
        {waiting && (
          <div className="typing" aria-label="waiting for the model">
            <span />
            <span />
            <span />
          </div>
        )}
        {turn.error && (
          <div className="turn-error" data-testid="turn-error" data-code={turn.error.code}>
            {humanError(null, turn.error)}
          </div>
        )}
        <TurnChanges turnId={turn.turnId} sessionId={turn.sessionId} running={turn.status === 'running'} />
        <AnswerActions turn={turn} busy={busy} last={last} />
      </div>
    </article>
  );
});
