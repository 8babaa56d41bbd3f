import { useState, type KeyboardEvent } from 'react';
import type { AgentChoice } from '../../../src-main/common/agents.js';
import { sendMessage } from '../../state/actions.js';
import type { TurnView } from '../../state/types.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { stripPlaceholders } from './segments.js';
import { formatTime } from './time.js';

/** The agent that answered, so a regenerated or edited request goes to the same one. */
const agentFor = (turn: TurnView): AgentChoice => turn.agent ?? 'auto';

/** The user's request with copy and edit-and-resend; editing opens it in place. */
export function RequestBubble({ turn, busy }: { turn: TurnView; busy: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <RequestEditor turn={turn} busy={busy} onClose={() => setEditing(false)} />;
  return (
    <div className="request-wrap">
      <div className="request" data-testid="request">
        {turn.request}
      </div>
      <div className="msg-actions">
        <time className="msg-time" data-testid="request-time" dateTime={new Date(turn.createdAt).toISOString()}>
          {formatTime(turn.createdAt)}
        </time>
        <CopyButton text={turn.request} testId="copy-request" />
        <button className="icon-btn" data-testid="edit" disabled={busy} title="Edit and send again" onClick={() => setEditing(true)}>
          Edit
        </button>
      </div>
    </div>
  );
}

/** The request in an editor, starting from its text each time: Enter sends it as a new turn, Escape or Cancel leaves it. */
function RequestEditor({ turn, busy, onClose }: { turn: TurnView; busy: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState(turn.request);
  const resend = async (): Promise<void> => {
    if (!draft.trim() || busy) return;
    if (await sendMessage(draft, agentFor(turn))) onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void resend();
    } else if (e.key === 'Escape') onClose();
  };
  return (
    <div className="request-wrap">
      <div className="request-edit">
        <textarea
          data-testid="edit-input"
          aria-label="Edit your message"
          autoFocus
          value={draft}
          rows={Math.min(8, Math.max(2, draft.split('\n').length))}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="request-edit-bar">
          <button className="btn" onClick={onClose}>
            Cancel
          </button>
          <button className="btn btn-primary" data-testid="edit-send" disabled={busy || !draft.trim()} onClick={() => void resend()}>
            Send edited
          </button>
        </div>
      </div>
    </div>
  );
}

/** Under an answer: copy, regenerate (sends the same request again as a new turn). */
export function AnswerActions({ turn, busy, last }: { turn: TurnView; busy: boolean; last: boolean }) {
  if (turn.status === 'running') return null;
  const answer = stripPlaceholders(turn.answer);
  return (
    <div className="answer-foot msg-actions always">
      {answer && <CopyButton text={answer} testId="copy-answer" />}
      {last && turn.request && (
        <button className="icon-btn" data-testid="regenerate" disabled={busy} title="Ask again for a new answer" onClick={() => void sendMessage(turn.request, agentFor(turn))}>
          ↻ Regenerate
        </button>
      )}
    </div>
  );
}
