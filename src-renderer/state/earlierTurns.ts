import { call } from './actions.js';
import { earlierTurnsLoaded } from './reducer.js';
import { useStore } from './store.js';

export const EARLIER_PAGE = 200;
const loading = new Set<string>();

/**
 * Loads the page of stored turns before those shown and puts it in front. The turns shown are the
 * session's latest stored ones, so their count is how many to skip from the end. One load at a time
 * per session; resolves to whether turns were added. `beforeApply` runs just before they are put in
 * front (the chat notes what the user looks at then, not when the load began).
 */
export async function loadEarlierTurns(sessionId: string, beforeApply?: () => void): Promise<boolean> {
  const state = useStore.getState().domain;
  if (loading.has(sessionId) || (state.earlierTurns[sessionId] ?? 0) <= 0) return false;
  loading.add(sessionId);
  try {
    const skip = state.sessionTurns[sessionId]?.length ?? 0;
    const page = await call('session.turns', { id: sessionId, skip, limit: EARLIER_PAGE });
    if (!page) return false;
    beforeApply?.();
    useStore.getState().updateDomain((d) => earlierTurnsLoaded(d, sessionId, page.turns, page.earlierTurns));
    return page.turns.length > 0;
  } finally {
    loading.delete(sessionId);
  }
}
