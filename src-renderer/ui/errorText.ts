// Errors as people read them: what failed in their words, the cause, and what to do next. The
// engine's codes and command names ("turn.send: turn.send: text: …") stay out of the text.
import type { CommandName } from '../../src-main/common/contract.js';

const ACTION: Partial<Record<CommandName, string>> = {
  'turn.send': 'Your message was not sent',
  'turn.cancel': 'The turn could not be stopped',
  'session.create': 'A new session could not be started',
  'session.open': 'That session could not be opened',
  'session.rename': 'The session was not renamed',
  'session.delete': 'The session was not deleted',
  'settings.update': 'The settings were not saved',
  'models.download': 'The model was not downloaded',
  'models.openLocal': 'That model file could not be opened',
  'workspace.import': 'The files were not copied into the workspace',
  'approval.answer': 'Your answer did not reach the agent',
};

/** Codes whose message may not say what to do: the next step to suggest. */
const NEXT: Record<string, string> = {
  INTERNAL: 'Try again; if it keeps happening, restart the app.',
  STORE_ERROR: 'Check that the data folder is writable and has free space, then try again.',
  NOT_FOUND: 'It may have been deleted: refresh the list and try again.',
  ROUTER_UNAVAILABLE: 'Pick an agent in the menu beside Send instead of Auto.',
  REPLAY_EXHAUSTED: 'The scripted replay has no more answers: restart the host with a longer replay file.',
  MODEL_LOAD_FAILED: 'Choose another model in Settings → Models.',
  BROWSER_UNAVAILABLE: 'Install Chromium or set its path in Settings.',
  TOOLCHAIN_MISSING: 'Install the missing language, or ask for another language.',
  FORBIDDEN: 'Reload the page from the address the app printed.',
  UNKNOWN_COMMAND: 'The page and the app are different versions: reload the page.',
};

/** Turns a validation message into a sentence; the contract's field names are not the user's words. */
function plainValidation(message: string): string {
  const tooLong = /at most (\d+) character/.exec(message);
  if (tooLong) {
    return `it is too long (${Number(message.match(/(\d+)/)?.[1] ?? tooLong[1]).toLocaleString('en-US')} characters at most). Shorten it, or save the text as a file in the workspace and ask about the file.`;
  }
  if (/at least 1 character/.test(message)) return 'it is empty.';
  return message.replace(/^[\w.]+: /, '').replace(/^[\w.]+: /, '');
}

export function humanError(command: CommandName | null, error: { code: string; message: string }): string {
  let message = error.message;
  // Dispatch prefixes the command name (sometimes twice) and the field path.
  if (command) while (message.startsWith(`${command}: `)) message = message.slice(command.length + 2);
  if (error.code === 'BAD_INPUT') message = plainValidation(message);
  const action = command ? ACTION[command] : undefined;
  const next = NEXT[error.code];
  const sentence = action ? `${action}: ${lowerFirst(message)}` : message;
  const end = /[.!?)]$/.test(sentence) ? '' : '.';
  return next && !/\b(try|check|choose|pick|start|set|add|install|restart|reload)\b/i.test(message) ? `${sentence}${end} ${next}` : `${sentence}${end}`;
}

const lowerFirst = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
