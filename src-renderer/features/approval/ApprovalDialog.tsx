import { useEffect, useRef } from 'react';
import { answerApproval } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

/** Asks the user about the oldest pending approval, showing the exact command and why it asks (risky action, untrusted text in the conversation). */
export function ApprovalDialog() {
  const approval = useStore((s) => s.domain.approvals[0]);
  const count = useStore((s) => s.domain.approvals.length);
  const declineButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    declineButton.current?.focus();
  }, [approval?.approvalId]);

  if (!approval) return null;
  return (
    <div className="modal-backdrop">
      <div className="modal approval" data-testid="approval" role="alertdialog" aria-modal="true" aria-labelledby="approval-title">
        <h2 id="approval-title">Allow this {approval.tool} command?</h2>
        {approval.reasons.length > 0 && <p className="approval-why">Why it asks:</p>}
        {approval.reasons.length > 0 && (
          <ul className="approval-reasons" data-testid="approval-reasons">
            {approval.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        <pre className="approval-command" data-testid="approval-command">
          {approval.command}
        </pre>
        {count > 1 && <p className="muted">{count - 1} more waiting</p>}
        <div className="modal-actions">
          <button ref={declineButton} className="btn" data-testid="decline" onClick={() => void answerApproval(approval.approvalId, false)}>
            Decline
          </button>
          <button className="btn btn-danger" data-testid="approve" onClick={() => void answerApproval(approval.approvalId, true)}>
            Approve
          </button>
        </div>
      </div>
    </div>
  );
}
