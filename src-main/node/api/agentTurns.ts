// Agents as models: a chat completion to `agentic/<agent>` runs a full turn through the same contract
// the app's own hosts use (router, blocks in the sandbox, approvals asked where the app asks them), in
// a session the user sees in the app, and streams the answer from the turn's events.
import { dispatch } from '../../common/dispatch.js';
import type { CommandInput, CommandName, CommandOutput, Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { AppEvent } from '../../common/events.js';
import type { PriorMessage } from '../../common/priorHistory.js';
import type { PromptSource } from '../../core/prompts.js';
import { priorHistory } from './agentHistory.js';
import type { TurnRunner } from './completions.js';

const API_CLIENT = { clientId: 'local-api' };
/** A block's output shown to the API client at most (the app keeps it whole). */
const MAX_BLOCK_OUTPUT = 8_000;

export interface TurnHost {
  handlers: Handlers;
  subscribe: (listener: (event: AppEvent) => void) => () => void;
}

async function command<K extends CommandName>(host: TurnHost, name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
  const result = await dispatch(host.handlers, name, input, API_CLIENT);
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  return result.value as CommandOutput<K>;
}

/** A session for a conversation the app has not seen: named after the request, holding the client's earlier messages. */
const newSession = (host: TurnHost, text: string, history: PriorMessage[]) =>
  command(host, 'session.create', { title: `Local API: ${text.slice(0, 80)}`, ...(history.length ? { history } : {}) });

/** `prompts` marks a client's earlier messages when a conversation starts a session; without it they are left out. */
export function createTurnRunner(host: TurnHost, prompts?: PromptSource): TurnRunner {
  return {
    async run({ text, agent, sessionId, earlier, signal, onText }) {
      if (signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
      // Events may come before turn.send answers with the turn's id: keep them until it is known.
      let turnId: string | null = null;
      const early: AppEvent[] = [];
      let lastCall: number | null = null;
      let settle: ((event: AppEvent) => void) | null = null;
      const ended = new Promise<AppEvent>((resolve) => (settle = resolve));
      const handle = (e: AppEvent) => {
        if (e.type === 'answer.delta') {
          // A new model call of the same turn (after a block ran) starts a new paragraph.
          if (lastCall !== null && e.call !== lastCall) onText('\n\n');
          lastCall = e.call;
          onText(e.text);
        } else if (e.type === 'block.finished') {
          // What ran and what it printed, as the app's terminal shows it: a client has no other view of it.
          const output = e.output.length > MAX_BLOCK_OUTPUT ? `${e.output.slice(0, MAX_BLOCK_OUTPUT)}\n[… output cut]` : e.output;
          onText(`\n\n[${e.tool} block: ${e.status}${e.exitCode === null ? '' : `, exit code ${e.exitCode}`}]\n\`\`\`text\n${output.trimEnd()}\n\`\`\`\n`);
        } else if (e.type === 'turn.done' || e.type === 'turn.failed' || e.type === 'turn.cancelled') settle?.(e);
      };
      const unsubscribe = host.subscribe((e) => {
        if (e.turnId === null) return;
        if (turnId === null) early.push(e);
        else if (e.turnId === turnId) handle(e);
      });
      const cancel = () => {
        if (turnId !== null) void command(host, 'turn.cancel', { turnId }).catch(() => undefined);
      };
      try {
        // A session the user deleted meanwhile: the conversation goes on in a new one.
        const known = sessionId
          ? await command(host, 'session.open', { id: sessionId }).then(
              () => sessionId,
              () => null,
            )
          : null;
        const session = known ?? (await newSession(host, text, earlier && prompts ? priorHistory(earlier, prompts) : [])).id;
        turnId = (await command(host, 'turn.send', { sessionId: session, text, agent: agent as CommandInput<'turn.send'>['agent'], proposeSchedule: false })).turnId;
        for (const e of early.splice(0)) if (e.turnId === turnId) handle(e);
        signal.addEventListener('abort', cancel, { once: true });
        if (signal.aborted) cancel();
        const end = await ended;
        if (end.type === 'turn.done') return { answer: end.answer, sessionId: session };
        if (end.type === 'turn.failed') throw new AppError(end.error.code, end.error.message);
        throw new AppError('CANCELLED', 'The turn was cancelled.');
      } finally {
        signal.removeEventListener('abort', cancel);
        unsubscribe();
      }
    },
  };
}
