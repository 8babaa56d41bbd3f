import type { CommandInput, CommandName, CommandOutput } from '../../src-main/common/contract.js';
import type { AgentChoice } from '../../src-main/common/agents.js';
import { bridge } from '../bridge/index.js';
import { markdownFileName, sessionMarkdown } from '../features/sessions/exportMarkdown.js';
import { humanError } from '../ui/errorText.js';
import { sessionLoaded, sessionRemoved, turnSubmitted } from './reducer.js';
import { removeApproval } from './appEvents.js';
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
  if (!info) return;
  store().set({ info });
  // The answer's load state is the current one (another model may have been chosen since the last event).
  store().updateDomain((d) => ({ ...d, modelLoad: info.provider.load ?? null }));
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
  if (opened) store().updateDomain((d) => sessionLoaded(d, id, opened.turns, opened.earlierTurns));
}

/**
 * A new session is a draft (no active id) until its first message: an empty "New session" is never
 * stored, so opening and leaving one leaves nothing behind.
 */
export async function newSession(): Promise<void> {
  store().set({ activeSessionId: null, menuOpen: false });
}

/** Stores the draft session when its first message is sent. */
async function storeDraftSession(): Promise<string | null> {
  const session = await call('session.create', {});
  if (!session) return null;
  store().set({ sessions: [session, ...store().sessions.filter((s) => s.id !== session.id)], activeSessionId: session.id });
  return session.id;
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
}

/** Sends a request; `agent` overrides the picker (regenerate and edit keep the agent that answered). */
export async function sendMessage(text: string, agent?: AgentChoice): Promise<boolean> {
  if (!text.trim()) return false;
  const sessionId = store().activeSessionId ?? (await storeDraftSession());
  if (!sessionId) return false;
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

/** Saves a session as a Markdown file (the browser's download). */
export async function exportSession(id: string): Promise<void> {
  const opened = await call('session.open', { id });
  if (!opened) return;
  // A long session opens on its latest turns: fetch the earlier pages too, so the file is whole.
  let turns = opened.turns;
  for (let earlier = opened.earlierTurns; earlier > 0;) {
    const page = await call('session.turns', { id, skip: turns.length, limit: 200 });
    if (!page || page.turns.length === 0) break;
    turns = [...page.turns, ...turns];
    earlier = page.earlierTurns;
  }
  const blob = new Blob([sessionMarkdown(opened.session.title, turns)], { type: 'text/markdown;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = markdownFileName(opened.session.title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
