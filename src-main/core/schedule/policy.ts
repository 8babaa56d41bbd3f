// What an unattended run does with a block the approval judge would ask about. The judge has
// already denied what is never allowed and the sandbox confines whatever runs, so the policy only
// chooses among waiting for the user, describing the step instead, or the user's own allow list.
import type { ApprovalPolicy } from '../../common/schedules.js';

export type PolicyDecision =
  | { action: 'ask' }
  | { action: 'allow'; note: string }
  /** Not run; `note` says what would have run, for the run's history. */
  | { action: 'decline'; note: string };

const short = (command: string) => (command.length > 300 ? `${command.slice(0, 300)}…` : command);

/** A reason is on the list when it contains a ticked rule (case-insensitive), e.g. "deletes files". */
export function listedReason(reason: string, allowRules: readonly string[]): boolean {
  const r = reason.toLowerCase();
  return allowRules.some((rule) => rule.trim() !== '' && r.includes(rule.trim().toLowerCase()));
}

export function policyDecision(policy: ApprovalPolicy, allowRules: readonly string[], request: { tool: string; command: string; reasons: readonly string[] }): PolicyDecision {
  const what = `${request.tool}: ${short(request.command)} (${request.reasons.join('; ')})`;
  switch (policy) {
    case 'ask':
      return { action: 'ask' };
    case 'dry-run':
      return { action: 'decline', note: `Dry run, not done: ${what}` };
    case 'allow-listed': {
      const unlisted = request.reasons.filter((r) => !listedReason(r, allowRules));
      if (request.reasons.length > 0 && unlisted.length === 0) return { action: 'allow', note: `Allowed by the schedule's list: ${what}` };
      return { action: 'decline', note: `Not on the schedule's allow list (${unlisted.join('; ') || 'no reason given'}), not done: ${what}` };
    }
  }
}
