import { useState } from 'react';
import type { CommandInput } from '../../../src-main/common/contract.js';
import { APPROVAL_POLICIES, type ApprovalPolicy } from '../../../src-main/common/schedules.js';
import { call } from '../../state/actions.js';
import { refreshSchedules } from './schedulesStore.js';

const KINDS = { every: 'Every (1h, 30m)', daily: 'Daily at (08:00)', weekly: 'Weekly ("mon,fri 08:00")', at: 'Once at ("in 2 hours")', cron: 'Cron ("0 8 * * 1-5")' } as const;
type Kind = keyof typeof KINDS;

/** A new schedule: the request, when (the CLI's words), and what an unattended run may do. */
export function ScheduleForm() {
  const [request, setRequest] = useState('');
  const [kind, setKind] = useState<Kind>('daily');
  const [when, setWhen] = useState('08:00');
  const [approval, setApproval] = useState<ApprovalPolicy>('ask');
  const [allow, setAllow] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const submit = async () => {
    const input: CommandInput<'schedule.create'> = {
      request,
      when: { [kind]: when } as CommandInput<'schedule.create'>['when'],
      approval,
      allowRules: allow
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    };
    const created = await call('schedule.create', input);
    if (!created) return;
    setRequest('');
    setWarning(created.warning);
    await refreshSchedules();
  };
  return (
    <form
      className="schedule-form"
      data-testid="schedule-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea aria-label="Request" placeholder="Every morning, summarise the news on these sites into today.md" value={request} onChange={(e) => setRequest(e.target.value)} />
      <div className="schedule-form-row">
        <select aria-label="When" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {Object.entries(KINDS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        <input aria-label="Time" value={when} onChange={(e) => setWhen(e.target.value)} />
        <select aria-label="Approval" value={approval} onChange={(e) => setApproval(e.target.value as ApprovalPolicy)}>
          {APPROVAL_POLICIES.map((p) => (
            <option key={p} value={p}>
              {p === 'ask' ? 'Ask me (the run waits)' : p === 'dry-run' ? 'Dry run (describe risky steps)' : 'Only what I allow'}
            </option>
          ))}
        </select>
      </div>
      {approval === 'allow-listed' && <input aria-label="Allowed rules" placeholder="deletes files, kills processes" value={allow} onChange={(e) => setAllow(e.target.value)} />}
      <button className="btn btn-primary" type="submit" disabled={!request.trim() || !when.trim()}>
        Add schedule
      </button>
      {warning && <p className="muted">{warning}</p>}
    </form>
  );
}
