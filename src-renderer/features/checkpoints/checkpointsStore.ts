// What each turn changed in the workspace, per session, fetched from checkpoint.list when a turn
// ends or a session opens, and after an undo or redo.
import { create } from 'zustand';
import type { CheckpointSummary } from '../../../src-main/common/checkpoints.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

interface CheckpointsState {
  /** sessionId → turnId → summary. */
  bySession: Record<string, Record<string, CheckpointSummary>>;
  /** The turn whose diff view is open. */
  openTurnId: string | null;
  set(patch: Partial<Pick<CheckpointsState, 'openTurnId'>>): void;
}

export const useCheckpoints = create<CheckpointsState>()((set) => ({
  bySession: {},
  openTurnId: null,
  set: (patch) => set(patch),
}));

const inFlight = new Map<string, Promise<void>>();

/** Reloads a session's summaries; calls made while one is running share it. */
export function loadCheckpoints(sessionId: string): Promise<void> {
  const running = inFlight.get(sessionId);
  if (running) return running;
  const p = (async () => {
    const list = await call('checkpoint.list', { sessionId });
    if (!list) return;
    const byTurn = Object.fromEntries(list.map((s) => [s.turnId, s]));
    useCheckpoints.setState((s) => ({ bySession: { ...s.bySession, [sessionId]: byTurn } }));
  })().finally(() => inFlight.delete(sessionId));
  inFlight.set(sessionId, p);
  return p;
}

/** After an undo or redo: the summaries and the workspace panel refresh. */
export async function afterRestore(sessionId: string): Promise<void> {
  useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
  await loadCheckpoints(sessionId);
}

const NO_MARKS = new Map<string, string>();

/** Paths the active session's last turn changed (while that turn is not undone), for the workspace panel. */
export function useLastTurnMarks(): ReadonlyMap<string, string> {
  const sessionId = useStore((s) => s.activeSessionId);
  const lastTurnId = useStore((s) => (s.activeSessionId ? s.domain.sessionTurns[s.activeSessionId]?.at(-1) : undefined));
  const summary = useCheckpoints((s) => (sessionId && lastTurnId ? s.bySession[sessionId]?.[lastTurnId] : undefined));
  if (!summary || summary.state !== 'applied') return NO_MARKS;
  return new Map(summary.paths.map((p) => [p.path, p.kind]));
}
