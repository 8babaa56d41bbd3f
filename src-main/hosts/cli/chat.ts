// `agentic` (or `agentic chat`): an interactive chat in the terminal. Answers stream, each block's
// output shows live, approvals are asked inline, Ctrl+C stops the running turn (twice exits), and
// the session carries on from one request to the next. One readline owns the terminal: the prompt
// and the approval questions both go through it, so they never fight over standard input.
import { existsSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline/promises';
import { createApp, type App } from '../../app/index.js';
import { appPaths } from '../../app/paths.js';
import { AGENT_CHOICES, type AgentChoice } from '../../common/agents.js';
import { escapeControls as safe } from '../../common/terminalText.js';
import type { AskUser } from '../../core/ports.js';
import { createLogger } from '../../node/logger.js';
import { UsageError, type ChatArgs } from './args.js';
import { sendTurn } from './turns.js';
import { fromCaller } from './callerPaths.js';
import { textPrinter } from './printer.js';
import { cliOverrides } from './run.js';

export const CHAT_HELP = `Type a request and press Enter. Commands:
  /agent NAME   who answers next: ${AGENT_CHOICES.join(', ')} (auto lets the router choose)
  /new          start a new session
  /sessions     the recent sessions; /open ID continues one
  /help         this list
  /exit         leave (also Ctrl+D, or Ctrl+C twice)
Ctrl+C stops the running turn.`;

/** How long a second Ctrl+C counts as "twice". */
const DOUBLE_PRESS_MS = 2000;

interface ChatState {
  app: App;
  rl: Interface;
  out: NodeJS.WritableStream;
  agent: AgentChoice;
  sessionId: string | null;
  running: string | null;
  /** Aborts whatever question is on screen (the prompt or an approval). */
  question: AbortController | null;
  lastInterrupt: number;
  exiting: boolean;
}

export async function chatCommand(args: ChatArgs): Promise<number> {
  const replay = args.replay ? fromCaller(args.replay) : undefined;
  if (replay && !existsSync(replay)) throw new UsageError(`Replay file not found: ${replay}`);
  const settings = cliOverrides(args);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY === true });
  const holder: { state: ChatState | null } = { state: null };
  const app = await createApp({
    host: 'cli',
    paths: appPaths({ host: 'cli' }),
    settings,
    replayFile: replay,
    askUser: inlineApprover(() => holder.state, args.yes),
    logger: createLogger({ level: 'error' }),
  });
  const state: ChatState = { app, rl, out: process.stdout, agent: args.agent, sessionId: null, running: null, question: null, lastInterrupt: 0, exiting: false };
  holder.state = state;
  if (args.session) {
    if (!app.store.getSession(args.session)) throw new UsageError(`No session ${args.session}. List them with: agentic sessions`);
    state.sessionId = args.session;
  }
  const unsubscribe = app.subscribe(textPrinter(process.stdout, process.stderr));
  rl.on('SIGINT', () => interrupt(state));
  // While the terminal is briefly out of raw mode (between questions, during start-up or
  // shutdown) Ctrl+C arrives as a real signal, not a key: it must mean the same, not kill us.
  const onSignal = () => interrupt(state);
  process.on('SIGINT', onSignal);
  rl.on('close', () => {
    state.exiting = true;
    if (state.running) app.engine.cancel(state.running);
  });
  try {
    const info = await app.handlers['app.info']({}, { clientId: 'cli' });
    state.out.write(
      `agentic chat · ${info.provider.kind}${info.provider.model && info.provider.model !== info.provider.kind ? ` ${info.provider.model}` : ''} · workspace ${info.workspace}\nType /help for commands.\n`,
    );
    await loop(state);
    return 0;
  } finally {
    process.removeListener('SIGINT', onSignal);
    unsubscribe();
    rl.close();
    await app.dispose();
  }
}

async function loop(state: ChatState): Promise<void> {
  while (!state.exiting) {
    const line = await ask(state, `\n${state.agent === 'auto' ? '' : `[${state.agent}] `}you › `);
    if (line === null) continue;
    const text = line.trim();
    if (!text) continue;
    if (text.startsWith('/')) command(state, text);
    else await runTurn(state, line);
  }
}

/** One question on screen; null when it was interrupted (Ctrl+C) rather than answered. */
async function ask(state: ChatState, prompt: string): Promise<string | null> {
  const controller = new AbortController();
  state.question = controller;
  try {
    return await state.rl.question(prompt, { signal: controller.signal });
  } catch {
    return null;
  } finally {
    if (state.question === controller) state.question = null;
  }
}

async function runTurn(state: ChatState, request: string): Promise<void> {
  // A session is stored only once it has a message (an empty "new session" leaves nothing behind).
  try {
    const { sessionId } = await sendTurn(state.app, state.sessionId, request, state.agent, (turnId, session) => {
      state.running = turnId;
      state.sessionId = session;
    });
    state.sessionId = sessionId;
  } finally {
    state.running = null;
  }
}

function interrupt(state: ChatState): void {
  const now = Date.now();
  const twice = now - state.lastInterrupt < DOUBLE_PRESS_MS;
  state.lastInterrupt = now;
  if (state.running && !twice) {
    state.out.write('\n[stopping… press Ctrl+C again to leave]\n');
    state.question?.abort();
    state.app.engine.cancel(state.running);
    return;
  }
  if (twice || state.rl.line === '') {
    if (!twice) {
      state.out.write('\n(press Ctrl+C again to leave, or type /exit)');
      state.question?.abort();
      return;
    }
    state.out.write('\n');
    state.rl.close();
    return;
  }
  // Ctrl+C with something typed clears the line, as shells do.
  state.question?.abort();
}

function command(state: ChatState, text: string): void {
  const [name, ...rest] = text.slice(1).split(/\s+/);
  const arg = rest.join(' ');
  switch (name) {
    case 'help':
      state.out.write(CHAT_HELP + '\n');
      return;
    case 'exit':
    case 'quit':
      state.rl.close();
      return;
    case 'new':
      state.sessionId = null;
      state.out.write('New session: the next request starts it.\n');
      return;
    case 'agent':
      if (!arg) state.out.write(`Agent: ${state.agent}. Choose one of: ${AGENT_CHOICES.join(', ')}.\n`);
      else if ((AGENT_CHOICES as readonly string[]).includes(arg)) {
        state.agent = arg as AgentChoice;
        state.out.write(`Next requests go to: ${arg}.\n`);
      } else state.out.write(`No agent "${arg}". Choose one of: ${AGENT_CHOICES.join(', ')}.\n`);
      return;
    case 'sessions':
      listSessions(state);
      return;
    case 'open': {
      const session = arg ? state.app.store.getSession(arg) : null;
      if (!session) state.out.write(`No session "${arg}". /sessions lists them.\n`);
      else {
        state.sessionId = session.id;
        state.out.write(`Continuing “${safe(session.title)}”.\n`);
      }
      return;
    }
    default:
      state.out.write(`Unknown command /${name}. /help lists the commands.\n`);
  }
}

function listSessions(state: ChatState): void {
  const sessions = state.app.store
    .listSessions()
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, 15);
  if (sessions.length === 0) state.out.write('No sessions yet.\n');
  for (const s of sessions) {
    const mark = s.id === state.sessionId ? '*' : ' ';
    state.out.write(`${mark} ${s.id}  ${new Date(s.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${safe(s.title)}\n`);
  }
}

/** Approvals asked at the chat's own prompt; --yes approves, Ctrl+C or anything but y declines. */
function inlineApprover(current: () => ChatState | null, yes: boolean): AskUser {
  return async (request) => {
    const state = current();
    // The block and the reasons quote the model: shown with control characters escaped.
    const reasons = safe(request.reasons.join('; '));
    if (yes || !state) {
      process.stderr.write(`${yes ? 'approved (--yes)' : 'declined'}: ${safe(request.tool)} block — ${reasons}\n`);
      return yes;
    }
    const shown = safe(request.command.length > 2000 ? `${request.command.slice(0, 2000)}\n…` : request.command);
    const onAbort = (): void => state.question?.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = await ask(state, `\nThis ${safe(request.tool)} block needs your approval (${reasons}):\n${shown}\nRun it? [y/N] `);
      const approved = answer !== null && /^y(es)?$/i.test(answer.trim());
      state.out.write(approved ? 'approved\n' : 'declined\n');
      return approved;
    } finally {
      request.signal.removeEventListener('abort', onAbort);
    }
  };
}
