import { useState } from 'react';
import { call } from '../../state/actions.js';
import type { ScheduleProposalView } from '../../state/types.js';
import { refreshSchedules, useSchedules } from '../schedules/schedulesStore.js';

/** A schedule the request asked for (issue 31): nothing is saved until the user clicks Save. */
export function TurnSchedule({ proposal }: { proposal: ScheduleProposalView | null }) {
  const [state, setState] = useState<'proposed' | 'saving' | 'saved' | 'dismissed'>('proposed');
  const [note, setNote] = useState<string | null>(null);
  if (!proposal || state === 'dismissed') return null;
  const save = async () => {
    setState('saving');
    const { request, when, agent } = proposal;
    const done = await call('schedule.create', { request, when, agent });
    if (!done) return setState('proposed'); // call() has shown the error
    setState('saved');
    setNote(done.warning);
    if (useSchedules.getState().open) await refreshSchedules();
  };
  return (
    <div className="turn-note muted" data-testid="schedule-proposal">
      {state === 'saved' ? 'Saved schedule' : 'Schedule'}: {proposal.describe} — “{proposal.request}”{' '}
      {state === 'saved' ? (
        note && <div>{note}</div>
      ) : (
        <>
          <button data-testid="schedule-proposal-save" disabled={state === 'saving'} onClick={() => void save()}>
            Save schedule
          </button>{' '}
          <button data-testid="schedule-proposal-dismiss" onClick={() => setState('dismissed')}>
            Dismiss
          </button>
        </>
      )}
    </div>
  );
}
