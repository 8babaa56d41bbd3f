// Refuses, before running, code that would wait for a person at a terminal: blocks run unattended,
// so such a program would only hang until its time limit. The feedback tells the model how to rewrite.
import { splitCommands } from '../approval/shellLex.js';
import { scanSource, type SourceLanguage } from './sourceText.js';

interface Pattern {
  re: RegExp;
  what: string;
}

// Calls, not methods or definitions: `input(` but not `obj.input(` nor `def input(`.
const PYTHON: Pattern[] = [
  { re: /(?<![\w.])(?<!def\s+)(raw_)?input\s*\(/, what: 'input()' },
  { re: /^\s*(import|from)\s+curses\b|\bimport\s+[\w, ]*\bcurses\b/m, what: 'curses' },
  { re: /^\s*(import|from)\s+getpass\b|\bimport\s+[\w, ]*\bgetpass\b/m, what: 'getpass' },
  { re: /\bsys\.stdin\.(read|readline|readlines)\s*\(|\bin\s+sys\.stdin\b|\bfileinput\.input\s*\(\s*\)/, what: 'reading standard input' },
  { re: /^\s*(import|from)\s+(termios|tty|msvcrt|readchar|pynput|keyboard)\b/m, what: 'keyboard access' },
  { re: /(?<![\w.])breakpoint\s*\(|\bpdb\.set_trace\s*\(/, what: 'the debugger' },
];
const C: Pattern[] = [
  { re: /(?<![\w.])(scanf|getchar|gets|getch|getche|getpass)\s*\(/, what: 'keyboard input (scanf/getchar)' },
  { re: /\b(fgets|getline|fscanf|fgetc|getc)\s*\([^;]*\bstdin\b/, what: 'reading standard input' },
  { re: /#\s*include\s*<n?curses\.h>/, what: 'curses' },
];
const GO: Pattern[] = [
  { re: /\bfmt\.(Scan|Scanln|Scanf)\s*\(/, what: 'fmt.Scan' },
  { re: /\bbufio\.New(Reader|Scanner)\s*\(\s*os\.Stdin\s*\)|\bos\.Stdin\.Read\s*\(/, what: 'reading standard input' },
  { re: /\bterm\.ReadPassword\s*\(/, what: 'a password prompt' },
];
const JAVA: Pattern[] = [
  { re: /new\s+Scanner\s*\(\s*System\.in\s*\)|System\.in\.read\s*\(|new\s+InputStreamReader\s*\(\s*System\.in\s*\)/, what: 'reading standard input' },
  { re: /System\.console\s*\(\s*\)/, what: 'the console' },
];
const BY_LANGUAGE: Record<SourceLanguage, Pattern[]> = { python: PYTHON, c: C, go: GO, java: JAVA };

/** Full-screen or prompting programs a bash block cannot drive. */
const INTERACTIVE_COMMANDS = new Set(['vi', 'vim', 'nvim', 'nano', 'emacs', 'pico', 'less', 'more', 'top', 'htop', 'man', 'passwd', 'select', 'dialog', 'whiptail']);

export function refusalFeedback(language: string, what: string): string {
  return (
    `This ${language} block was not run: it waits for someone at a terminal (${what}), and blocks run ` +
    'unattended. Rewrite it without interaction: put the input values in variables (or read them from a ' +
    'file in the workspace) and print the results.'
  );
}

function bashInteraction(code: string): string | null {
  // A loop fed by a file or a here-string (`done < f`, `<<<`) reads from there, not the keyboard.
  const loopFed = /\bdone\s*<|<<</.test(code);
  for (const command of splitCommands(code)) {
    const name = command.words[0] ?? '';
    const readsKeyboard = !command.pipedInto && !command.redirects.some((r) => r.op.startsWith('<')) && !loopFed;
    if (name === 'read' && readsKeyboard) return '`read`';
    if (INTERACTIVE_COMMANDS.has(name)) return `\`${name}\``;
    if (/^python3?$/.test(name) && command.words.length === 1 && readsKeyboard) return 'an interactive python prompt';
  }
  return null;
}

/** Feedback for the model when a block would wait for terminal input; null when it can run. */
export function checkInteractive(tag: string, code: string): string | null {
  if (tag === 'bash') {
    const what = bashInteraction(code);
    return what ? refusalFeedback('bash', what) : null;
  }
  const patterns = BY_LANGUAGE[tag as SourceLanguage];
  if (!patterns) return null;
  const { code: stripped } = scanSource(code, tag as SourceLanguage);
  for (const pattern of patterns) if (pattern.re.test(stripped)) return refusalFeedback(tag, pattern.what);
  return null;
}
