// The Schedules drawer: open or not, and what it shows (fetched on open and every few seconds while
// open: runs happen in other processes, which send no events to this window).
import { create } from 'zustand';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { call } from '../../state/actions.js';

type Schedules = CommandOutput<'schedule.list'>;
type Approvals = CommandOutput<'schedule.approvals'>;
type Runs = CommandOutput<'schedule.runs'>;

interface SchedulesState {
  open: boolean;
  schedules: Schedules;
  approvals: Approvals;
  /** The schedule whose history is shown, and that history. */
  historyOf: string | null;
  runs: Runs;
  set(patch: Partial<Omit<SchedulesState, 'set'>>): void;
}

export const useSchedules = create<SchedulesState>()((set) => ({
  open: false,
  schedules: [],
  approvals: [],
  historyOf: null,
  runs: [],
  set: (patch) => set(patch),
}));

export async function refreshSchedules(): Promise<void> {
  const [schedules, approvals] = await Promise.all([call('schedule.list', {}), call('schedule.approvals', {})]);
  const { historyOf } = useSchedules.getState();
  const runs = historyOf ? await call('schedule.runs', { id: historyOf, limit: 20 }) : [];
  useSchedules.setState({ schedules: schedules ?? [], approvals: approvals ?? [], runs: runs ?? [] });
}
