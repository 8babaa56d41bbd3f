// The CLI starts turns through the same contract as the desktop and web hosts (dispatch: the input
// checked by the contract, the session named from its first request by the same handler), and
// learns how a turn ended from the same events they show.
import { dispatch } from '../../common/dispatch.js';
import type { CommandInput, CommandName, CommandOutput } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { AgentChoice } from '../../common/agents.js';
import type { App } from '../../app/index.js';

const CLI = { clientId: 'cli' };

/** One contract call, as a host makes it; a failure is thrown as the AppError it carries. */
async function command<K extends CommandName>(app: App, name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
  const result = await dispatch(app.handlers, name, input, CLI);
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  return result.value as CommandOutput<K>;
}

export type TurnEnd = 'done' | 'failed' | 'cancelled';

/**
 * Sends `text` to the session (a new one when none is given) and resolves when the turn has ended.
 * `onStarted` receives the turn's id at once (Ctrl+C cancels it).
 */
export async function sendTurn(
  app: App,
  sessionId: string | null,
  text: string,
  agent: AgentChoice,
  onStarted: (turnId: string, sessionId: string) => void,
): Promise<{ sessionId: string; status: TurnEnd }> {
  const ended = new Map<string, TurnEnd>();
  let waiting: { turnId: string; resolve: (status: TurnEnd) => void } | null = null;
  const unsubscribe = app.subscribe((e) => {
    if (e.turnId === null || (e.type !== 'turn.done' && e.type !== 'turn.failed' && e.type !== 'turn.cancelled')) return;
    const status: TurnEnd = e.type === 'turn.done' ? 'done' : e.type === 'turn.failed' ? 'failed' : 'cancelled';
    if (waiting?.turnId === e.turnId) waiting.resolve(status);
    else ended.set(e.turnId, status);
  });
  try {
    const session = sessionId ?? (await command(app, 'session.create', {})).id;
    const { turnId } = await command(app, 'turn.send', { sessionId: session, text, agent });
    onStarted(turnId, session);
    const status = ended.get(turnId) ?? (await new Promise<TurnEnd>((resolve) => (waiting = { turnId, resolve })));
    return { sessionId: session, status };
  } finally {
    unsubscribe();
  }
}
