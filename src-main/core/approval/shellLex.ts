// Splits a shell script into its simple commands, the unit the approval policy judges. mvdan/sh (via
// sh-syntax) validates the syntax, but its JSON drops the command nodes, so this scanner does the
// splitting: quotes, escapes, `;` `&&` `||` `|` `&`, newlines, subshells, compound keywords, heredocs,
// and the scripts nested in $(…), backticks and <(…) — each nested command is returned on its own.

import { UNLIMITED, type JudgeBudget } from './judgeBudget.js';

export interface Redirect {
  op: string;
  target: string;
}

export interface SimpleCommand {
  /** Words with quotes removed and escapes resolved; expansions ($HOME, $(…)) kept as written. */
  words: string[];
  redirects: Redirect[];
  /** Its standard input comes from a pipe. */
  pipedInto: boolean;
  /** Found inside $(…), backticks or a process substitution. */
  nested: boolean;
  /** Per word: it holds an unquoted glob or brace character (`r?`, `/bin/r[m]`, `{rm,x}`), so the shell rewrites it. */
  globs: boolean[];
}

export interface ScannedScript {
  commands: SimpleCommand[];
  /** Substitutions nested deeper than MAX_NESTING were not looked into. */
  tooDeep: boolean;
}

/** Deeper substitutions are not scanned (the scanner recurses once per level): the script asks instead. */
export const MAX_NESTING = 12;

const OPERATOR_START = new Set([';', '&', '|', '(', ')']);
const TWO_START = new Set([';', '&', '|', '$', '<', '>']);
/** Characters step() treats specially; anything else is part of a plain word. */
const SPECIAL = new Set([' ', '\t', '\n', '#', '\\', "'", '"', '`', '$', ';', '&', '|', '(', ')', '<', '>', '*', '?', '[', '{']);

// `time` is not here: the wrapper table reads its options (time -o FILE cmd).
const LEADING_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'while', 'until', 'do', '!', '{', '}', 'fi', 'done', 'esac', 'coproc']);
const HEADER_KEYWORDS = new Set(['for', 'select', 'case', 'function', 'in', ';;']);

/** Index of the `close` matching the opener just before `from`, skipping quoted text; -1 when unbalanced. */
export function findClosing(s: string, from: number, open: string, close: string): number {
  let depth = 1;
  for (let i = from; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') i++;
    else if (c === "'" && open !== '`') {
      const end = s.indexOf("'", i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (c === close && (open === close || --depth === 0)) return i;
    else if (c === open && open !== close) depth++;
  }
  return -1;
}

interface Shared {
  out: SimpleCommand[];
  tooDeep: boolean;
  budget: JudgeBudget;
}

class Scanner {
  private words: string[] = [];
  private globs: boolean[] = [];
  private redirects: Redirect[] = [];
  private word: string | null = null;
  private wordGlob = false;
  private wordQuoted = false;
  private pendingOp: string | null = null;
  private pipedInto = false;
  private heredocs: { delim: string; strip: boolean; expand: boolean }[] = [];

  constructor(
    private readonly shared: Shared,
    private readonly depth: number,
  ) {}

  private get out(): SimpleCommand[] {
    return this.shared.out;
  }

  scan(s: string): void {
    let i = 0;
    while (i < s.length) {
      this.shared.budget.tick();
      i = this.step(s, i);
    }
    this.endCommand(false);
  }

  /** Scans a nested script as commands of their own, unless it is nested too deeply to look into. */
  private scanNested(script: string): void {
    if (this.depth + 1 > MAX_NESTING) {
      this.shared.tooDeep = true;
      return;
    }
    new Scanner(this.shared, this.depth + 1).scan(script);
  }

  private step(s: string, i: number): number {
    const c = s[i]!;
    // Sliced only where a two-character operator can start: a slice per character was most of the GC.
    const two = TWO_START.has(c) ? s.slice(i, i + 2) : c;
    if (c === ' ' || c === '\t') return (this.endWord(), i + 1);
    if (c === '\n') return (this.endCommand(false), this.skipHeredocs(s, i + 1));
    if (c === '#' && this.word === null) {
      const nl = s.indexOf('\n', i);
      return nl === -1 ? s.length : nl;
    }
    if (c === '\\') {
      if (s[i + 1] !== '\n') this.append(s[i + 1] ?? '');
      this.wordQuoted = true;
      return i + 2;
    }
    if (c === "'") {
      this.wordQuoted = true;
      const end = s.indexOf("'", i + 1);
      const stop = end === -1 ? s.length : end;
      this.append(s.slice(i + 1, stop));
      return stop + 1;
    }
    if (c === '"') {
      this.wordQuoted = true;
      return this.doubleQuoted(s, i + 1);
    }
    if (c === '`' || two === '$(' || ((two === '<(' || two === '>(') && this.word === null)) return this.substitution(s, i);
    if (two === '${') {
      const end = findClosing(s, i + 2, '{', '}');
      const stop = end === -1 ? s.length : end;
      this.append(s.slice(i, stop + 1));
      return stop + 1;
    }
    const op = OPERATOR_START.has(c) ? /^(?:;;|&&|\|\||\|&|[;&|()])/.exec(two) : null;
    if (op && !(op[0] === '&' && s[i + 1] === '>')) {
      this.endCommand(op[0] === '|' || op[0] === '|&');
      return i + op[0].length;
    }
    if (c === '<' || c === '>' || two === '&>') {
      const op = /^&?(?:>>|>\||>&|>|<<<|<<-|<<|<>|<&|<)/.exec(s.slice(i, i + 4))![0];
      return this.startRedirect(op, i);
    }
    if (c === '*' || c === '?' || c === '[' || (c === '{' && this.word !== null) || (c === '{' && /^[^\s]*,/.test(s.slice(i + 1, i + 64)))) this.wordGlob = true;
    // A run of plain characters is appended at once: one string per run, not one per character.
    let j = i + 1;
    while (j < s.length && !SPECIAL.has(s[j]!)) j++;
    this.append(j === i + 1 ? c : s.slice(i, j));
    return j;
  }

  private doubleQuoted(s: string, i: number): number {
    let text = '';
    while (i < s.length && s[i] !== '"') {
      const c = s[i]!;
      if (c === '\\' && /["\\$`\n]/.test(s[i + 1] ?? '')) {
        text += s[i + 1] === '\n' ? '' : s[i + 1];
        i += 2;
      } else if (c === '`' || s.startsWith('$(', i)) {
        const stop = this.nestedScript(s, i);
        text += s.slice(i, stop);
        i = stop;
      } else {
        text += c;
        i++;
      }
    }
    this.append(text);
    return i + 1;
  }

  private substitution(s: string, i: number): number {
    const stop = this.nestedScript(s, i);
    this.append(s.slice(i, stop));
    return stop;
  }

  /** Scans the script inside $(…), `…`, <(…) as commands of their own; returns the index after it. */
  private nestedScript(s: string, i: number): number {
    if (s.startsWith('$((', i)) {
      const end = findClosing(s, i + 3, '(', ')');
      return end === -1 ? s.length : Math.min(s.length, end + 2);
    }
    const backtick = s[i] === '`';
    const bodyStart = backtick ? i + 1 : i + 2;
    const end = backtick ? findClosing(s, bodyStart, '`', '`') : findClosing(s, bodyStart, '(', ')');
    const stop = end === -1 ? s.length : end;
    this.scanNested(s.slice(bodyStart, stop));
    return stop + 1;
  }

  private startRedirect(op: string, i: number): number {
    // `2>file`: digits glued to the operator name a file descriptor, not a word.
    if (this.word !== null && /^\d+$/.test(this.word)) this.word = null;
    else this.endWord();
    this.pendingOp = op;
    return i + op.length;
  }

  private append(text: string): void {
    this.word = (this.word ?? '') + text;
  }

  private endWord(): void {
    if (this.word === null) return;
    if (this.pendingOp !== null) {
      const op = this.pendingOp;
      this.redirects.push({ op, target: this.word });
      // A quoted delimiter (<<'EOF') keeps the body literal: no substitutions run in it.
      if (op === '<<' || op === '<<-') this.heredocs.push({ delim: this.word, strip: op === '<<-', expand: !this.wordQuoted });
      this.pendingOp = null;
    } else {
      this.words.push(this.word);
      // `[ -f x ]` and `[[ … ]]` are the test command, not a pattern.
      this.globs.push(this.wordGlob && this.word !== '[' && this.word !== '[[');
    }
    this.word = null;
    this.wordGlob = false;
    this.wordQuoted = false;
  }

  private endCommand(nextPiped: boolean): void {
    this.endWord();
    let skip = 0;
    while (skip < this.words.length && LEADING_KEYWORDS.has(this.words[skip]!)) skip++;
    const words = skip > 0 ? this.words.slice(skip) : this.words;
    const header = words.length > 0 && HEADER_KEYWORDS.has(words[0]!);
    if (!header && (words.length > 0 || this.redirects.length > 0)) {
      this.out.push({ words, redirects: this.redirects, pipedInto: this.pipedInto, nested: this.depth > 0, globs: skip > 0 ? this.globs.slice(skip) : this.globs });
    }
    this.words = [];
    this.globs = [];
    this.redirects = [];
    this.pendingOp = null;
    this.pipedInto = nextPiped;
  }

  /** Skips heredoc bodies after a newline; unquoted bodies still expand $(…), so those are scanned. */
  private skipHeredocs(s: string, i: number): number {
    for (const doc of this.heredocs) {
      while (i < s.length) {
        const nl = s.indexOf('\n', i);
        const stop = nl === -1 ? s.length : nl;
        const line = s.slice(i, stop);
        i = stop + 1;
        if ((doc.strip ? line.replace(/^\t+/, '') : line) === doc.delim) break;
        if (doc.expand) for (const m of line.matchAll(/\$\(([^()]*)\)|`([^`]*)`/g)) this.scanNested(m[1] ?? m[2] ?? '');
      }
    }
    this.heredocs = [];
    return Math.min(i, s.length);
  }
}

/** The simple commands of a script, nested ones included; throws OverBudget past the budget's deadline. */
export function scanScript(script: string, budget: JudgeBudget = UNLIMITED, nested = false): ScannedScript {
  const shared: Shared = { out: [], tooDeep: false, budget };
  new Scanner(shared, nested ? 1 : 0).scan(script);
  return { commands: shared.out, tooDeep: shared.tooDeep };
}

/** The simple commands of a script, nested ones included, in the order the scanner meets them. */
export function splitCommands(script: string, nested = false): SimpleCommand[] {
  return scanScript(script, UNLIMITED, nested).commands;
}
