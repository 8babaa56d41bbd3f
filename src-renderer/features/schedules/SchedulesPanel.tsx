// The Schedules drawer: schedules, the questions waiting runs ask, and each schedule's run history
// (a run's session is in the session list, named after the schedule and its time).
import { useEffect } from 'react';
import { call } from '../../state/actions.js';
import { ScheduleForm } from './ScheduleForm.js';
import { refreshSchedules, useSchedules } from './schedulesStore.js';
import './schedules.css';

const time = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString());

async function act(promise: Promise<unknown>): Promise<void> {
  await promise;
  await refreshSchedules();
}

function Approvals() {
  const approvals = useSchedules((s) => s.approvals);
  const schedules = useSchedules((s) => s.schedules);
  if (approvals.length === 0) return null;
  return (
    <section data-testid="schedule-approvals">
      <h3>Waiting for you</h3>
      {approvals.map((a) => (
        <div key={a.id} className="schedule-approval" data-testid="schedule-approval">
          <strong>{schedules.find((s) => s.id === a.scheduleId)?.name ?? a.scheduleId}</strong>
          <p>
            {a.tool}: {a.reasons.join('; ')}
          </p>
          <pre className="approval-command">{a.command}</pre>
          <button className="btn btn-primary" onClick={() => void act(call('schedule.answer', { approvalId: a.id, approved: true }))}>
            Approve
          </button>{' '}
          <button className="btn" onClick={() => void act(call('schedule.answer', { approvalId: a.id, approved: false }))}>
            Decline
          </button>
        </div>
      ))}
    </section>
  );
}

function History() {
  const runs = useSchedules((s) => s.runs);
  if (runs.length === 0) return <p className="muted">No runs yet.</p>;
  return (
    <table className="schedule-runs" data-testid="schedule-runs">
      <tbody>
        {runs.map((r) => (
          <tr key={r.id}>
            <td>{time(r.dueAt)}</td>
            <td>{r.status}</td>
            <td>{r.startedAt && r.endedAt ? `${Math.round((r.endedAt - r.startedAt) / 1000)} s` : ''}</td>
            <td>{r.changedFiles === null ? '' : `${r.changedFiles} file(s)`}</td>
            <td>{r.tokens === null ? '' : `≈${r.tokens} tokens`}</td>
            <td>{r.error ?? r.notes.join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SchedulesPanel() {
  const { open, schedules, historyOf, set } = useSchedules();
  useEffect(() => {
    if (!open) return;
    void refreshSchedules();
    const timer = setInterval(() => void refreshSchedules(), 3000);
    return () => clearInterval(timer);
  }, [open, historyOf]);
  if (!open) return null;
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && set({ open: false })}>
      <div className="drawer" data-testid="schedules" role="dialog" aria-modal="true" aria-label="Schedules">
        <header className="drawer-head">
          <h2>Schedules</h2>
          <button className="icon-btn" onClick={() => set({ open: false })} aria-label="Close schedules">
            ✕
          </button>
        </header>
        <div className="drawer-body">
          <Approvals />
          <ScheduleForm />
          {schedules.map((s) => (
            <div key={s.id} className="schedule-item" data-testid="schedule-item">
              <strong>{s.name}</strong>
              <span className="muted">
                {s.paused ? `Paused${s.pausedReason ? `: ${s.pausedReason}` : ''}` : `Next: ${time(s.nextRunAt)}`} · {s.approval}
              </span>
              <div>
                <button className="btn" onClick={() => void act(call('schedule.runNow', { id: s.id }))}>
                  Run now
                </button>{' '}
                <button className="btn" onClick={() => void act(call('schedule.setPaused', { id: s.id, paused: !s.paused }))}>
                  {s.paused ? 'Resume' : 'Pause'}
                </button>{' '}
                <button className="btn" onClick={() => set({ historyOf: historyOf === s.id ? null : s.id })}>
                  History
                </button>{' '}
                <button className="btn btn-danger" onClick={() => void act(call('schedule.remove', { id: s.id }))}>
                  Remove
                </button>
              </div>
              {historyOf === s.id && <History />}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
