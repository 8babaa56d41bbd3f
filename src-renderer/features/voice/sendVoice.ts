import { call } from '../../state/actions.js';
import { turnSubmitted } from '../../state/reducer.js';
import { useStore } from '../../state/store.js';

/** The open session, or a new one stored now (a draft session has no id until its first message). */
async function sessionForRequest(): Promise<string | null> {
  const s = useStore.getState();
  if (s.activeSessionId) return s.activeSessionId;
  const session = await call('session.create', {});
  if (!session) return null;
  useStore.getState().set({ sessions: [session, ...useStore.getState().sessions.filter((x) => x.id !== session.id)], activeSessionId: session.id });
  return session.id;
}

/** Sends a spoken request with the language whisper heard; its answer is spoken per settings. */
export async function sendVoice(text: string, language: string): Promise<boolean> {
  if (!text.trim()) return false;
  const sessionId = await sessionForRequest();
  if (!sessionId) return false;
  const sent = await call('voice.send', { sessionId, text, language, agent: useStore.getState().agentChoice });
  if (!sent) return false;
  useStore.getState().updateDomain((d) => turnSubmitted(d, sessionId, sent.turnId, text));
  return true;
}
