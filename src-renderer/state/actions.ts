import type { CommandInput, CommandName, CommandOutput } from '../../src-main/common/contract.js';
import type { AgentChoice } from '../../src-main/common/agents.js';
import { bridge } from '../bridge/index.js';
import { humanError } from '../ui/errorText.js';
import { removeApproval, sessionLoaded, sessionRemoved, turnSubmitted } from './reducer.js';
import { useStore } from './store.js';

const store = () => useStore.getState();

/** Calls a command; on failure shows the error to the user and returns null. */
export async function call<K extends CommandName>(command: K, input: CommandInput<K>): Promise<CommandOutput<K> | null> {
  const result = await bridge().invoke(command, input);
  if (result.ok) return result.value;
  store().notify(humanError(command, result.error));
  return null;
}

export async function loadAppInfo(): Promise<void> {
  const info = await call('app.info', {});
  if (info) store().set({ info });
}

export async function loadModels(): Promise<void> {
  const models = await call('models.list', {});
  if (models) store().set({ models });
}

export async function refreshSessions(): Promise<void> {
  const sessions = await call('session.list', {});
  if (sessions) store().set({ sessions: [...sessions].sort((a, b) => b.updatedAt - a.updatedAt) });
}

export async function openSession(id: string): Promise<void> {
  store().set({ activeSessionId: id, menuOpen: false });
  const opened = await call('session.open', { id });
  if (opened) store().updateDomain((d) => sessionLoaded(d, id, opened.turns));
}

export async function newSession(): Promise<void> {
  const session = await call('session.create', {});
  if (!session) return;
  store().set({ sessions: [session, ...store().sessions.filter((s) => s.id !== session.id)] });
  await openSession(session.id);
}

export async function renameSession(id: string, title: string): Promise<void> {
  const session = await call('session.rename', { id, title });
  if (session) store().set({ sessions: store().sessions.map((s) => (s.id === id ? session : s)) });
}

export async function deleteSession(id: string): Promise<void> {
  const done = await call('session.delete', { id });
  if (!done) return;
  const remaining = store().sessions.filter((s) => s.id !== id);
  store().set({ sessions: remaining });
  store().updateDomain((d) => sessionRemoved(d, id));
  if (store().activeSessionId !== id) return;
  const next = remaining[0];
  if (next) await openSession(next.id);
  else await newSession();
}

/** Opens the most recent session, or creates the first one. */
export async function startup(): Promise<void> {
  await Promise.all([loadAppInfo(), refreshSessions(), loadModels()]);
  const active = store().activeSessionId;
  const first = store().sessions[0];
  if (active) await openSession(active);
  else if (first) await openSession(first.id);
  else await newSession();
}

/** Sends a request; `agent` overrides the picker (regenerate and edit keep the agent that answered). */
export async function sendMessage(text: string, agent?: AgentChoice): Promise<boolean> {
  const sessionId = store().activeSessionId;
  if (!sessionId || !text.trim()) return false;
  const sent = await call('turn.send', { sessionId, text, agent: agent ?? store().agentChoice });
  if (!sent) return false;
  store().updateDomain((d) => turnSubmitted(d, sessionId, sent.turnId, text));
  return true;
}

export async function cancelTurn(turnId: string): Promise<void> {
  await call('turn.cancel', { turnId });
}

export async function answerApproval(approvalId: string, approved: boolean): Promise<void> {
  const answer = await call('approval.answer', { approvalId, approved });
  if (answer) store().updateDomain((d) => removeApproval(d, approvalId));
}
