// Shells and interpreters on a command line: the code they are given inline (`python3 -c`, `perl -e`,
// `sh -c`), the script file they run, or their standard input. Inline code is judged where a judge
// exists (Python, shell) and asks where none does; a script fed on standard input always asks.

export interface InterpreterSpec {
  /** Name shown in reasons. */
  lang: string;
  /** The judge for its inline code; none: inline code asks. */
  judge?: 'python' | 'shell';
  /** Option letters whose value (glued or the next word) is inline code; for shells, `-c` makes the first operand the script. */
  inlineLetters?: string;
  /** Long options whose value is inline code. */
  inlineLong?: readonly string[];
  /** Option letters that take a value that is not code. */
  valued?: string;
  /** A subcommand that takes inline code (`deno eval`). */
  inlineSubcommand?: string;
  /** Option letters after which the rest is not a script file (`python -m module`). */
  endsScript?: string;
}

const SHELL: InterpreterSpec = { lang: 'shell', judge: 'shell', inlineLetters: 'c', valued: 'oO' };
const PYTHON: InterpreterSpec = { lang: 'Python', judge: 'python', inlineLetters: 'c', valued: 'WXQ', endsScript: 'm' };

const BY_NAME: Readonly<Record<string, InterpreterSpec>> = {
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  mksh: SHELL,
  ash: SHELL,
  fish: SHELL,
  rbash: SHELL,
  perl: { lang: 'Perl', inlineLetters: 'eE', valued: 'IMmx' },
  ruby: { lang: 'Ruby', inlineLetters: 'e', valued: 'IrCEF' },
  node: { lang: 'JavaScript', inlineLetters: 'ep', inlineLong: ['--eval', '--print'], valued: 'r' },
  nodejs: { lang: 'JavaScript', inlineLetters: 'ep', inlineLong: ['--eval', '--print'], valued: 'r' },
  bun: { lang: 'JavaScript', inlineLetters: 'ep', inlineLong: ['--eval', '--print'] },
  deno: { lang: 'JavaScript', inlineSubcommand: 'eval' },
  php: { lang: 'PHP', inlineLetters: 'rB', valued: 'cdf' },
  lua: { lang: 'Lua', inlineLetters: 'e', valued: 'l' },
  luajit: { lang: 'Lua', inlineLetters: 'e', valued: 'l' },
  Rscript: { lang: 'R', inlineLetters: 'e' },
  R: { lang: 'R', inlineLetters: 'e' },
  julia: { lang: 'Julia', inlineLetters: 'e' },
  groovy: { lang: 'Groovy', inlineLetters: 'e' },
  scala: { lang: 'Scala', inlineLetters: 'e' },
  guile: { lang: 'Scheme', inlineLetters: 'c' },
  tclsh: { lang: 'Tcl' },
  osascript: { lang: 'AppleScript', inlineLetters: 'e' },
  pwsh: { lang: 'PowerShell', inlineLetters: 'ce', inlineLong: ['-command', '-encodedcommand'] },
  powershell: { lang: 'PowerShell', inlineLetters: 'ce', inlineLong: ['-command', '-encodedcommand'] },
};

export function interpreterOf(name: string): InterpreterSpec | undefined {
  if (/^python[\d.]*m?$|^pypy[\d.]*$/.test(name)) return PYTHON;
  return Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined;
}

export interface InterpreterCall {
  /** Inline code, when given. */
  inline: string | null;
  /** The script file it runs; null when none (then it reads standard input, or a module runs). */
  script: string | null;
  /** It runs a module or prints its version: no script and no standard input. */
  noScript: boolean;
}

/** Reads an interpreter's arguments (after its name). */
export function readInterpreterArgs(spec: InterpreterSpec, args: readonly string[]): InterpreterCall {
  let shellInline = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return { inline: null, script: args[i + 1] ?? null, noScript: false };
    if (i === 0 && spec.inlineSubcommand === a) return { inline: args[i + 1] ?? '', script: null, noScript: false };
    if (a === '-' || !a.startsWith('-')) {
      if (shellInline) return { inline: a, script: null, noScript: false };
      return { inline: null, script: a === '-' ? null : a, noScript: false };
    }
    const lower = a.toLowerCase();
    const eq = lower.indexOf('=');
    const long = eq === -1 ? lower : lower.slice(0, eq);
    if (spec.inlineLong?.includes(long)) return { inline: eq === -1 ? (args[i + 1] ?? '') : a.slice(eq + 1), script: null, noScript: false };
    if (a.startsWith('--')) continue;
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (spec.endsScript?.includes(letter)) return { inline: null, script: null, noScript: true };
      if (spec.inlineLetters?.includes(letter)) {
        if (spec.judge === 'shell') {
          shellInline = true;
          continue;
        }
        const glued = a.slice(k + 1);
        return { inline: glued !== '' ? glued : (args[i + 1] ?? ''), script: null, noScript: false };
      }
      if (spec.valued?.includes(letter)) {
        if (a.slice(k + 1) === '') i++;
        break;
      }
    }
  }
  return { inline: null, script: null, noScript: shellInline };
}

const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk']);

/** Why an awk command line asks, or null: awk programs can run commands (`system`, pipes) and write files. */
export function awkFindings(name: string, args: readonly string[]): string | null {
  if (!AWKS.has(name)) return null;
  const programs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-f' || a.startsWith('--file')) return `${name} runs an awk program from a file, which cannot be checked`;
    if (a === '-e' || a === '--source') programs.push(args[++i] ?? '');
    else if (a === '-F' || a === '-v') i++;
    else if (a.startsWith('-') && a !== '-') continue;
    else {
      programs.push(a);
      break;
    }
  }
  for (const program of programs) {
    if (/\bsystem\s*\(|\|\s*&?\s*(getline\b|")|"\s*\|/.test(program)) return `${name}: the awk program runs commands`;
    if (/\b(print|printf)\b[^;{}]{0,400}>[ \t]*>?[ \t]*("|\w)/.test(program)) return `${name}: the awk program writes to a file`;
  }
  return null;
}
