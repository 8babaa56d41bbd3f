// Commands that run another command (`nice -n 5 rm x`, `timeout -s KILL 5 rm x`, `env -u X rm x`):
// each wrapper's own options are parsed from its table, so the judge sees the command it runs.

export interface WrapperSpec {
  /** Short options that take a value, glued (`-n5`) or as the next word (`-n 5`). */
  valued?: string;
  /** Long options that take the next word as value when written without `=`. */
  long?: readonly string[];
  /** Operands before the command: timeout's duration, chroot's new root, flock's lock file. */
  operands?: number;
  /** Options whose value is itself a command line: `env -S "rm x"`, `flock f -c "rm x"`. */
  script?: readonly string[];
  /** Option letters after which nothing runs (`command -v rm` only prints where rm is). */
  noRun?: string;
  /** The rest of the words is one shell command line (watch hands them to `sh -c`). */
  joinsAsScript?: boolean;
  /** Why the wrapper asks by itself. */
  asks?: string;
  /** env: leading NAME=value words are settings, not the command. */
  assignments?: boolean;
}

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  env: { valued: 'uCS', long: ['--unset', '--chdir', '--split-string'], script: ['-S', '--split-string'], assignments: true },
  nice: { valued: 'n', long: ['--adjustment'] },
  nohup: {},
  time: { valued: 'fo', long: ['--format', '--output'] },
  timeout: { valued: 'sk', long: ['--signal', '--kill-after'], operands: 1 },
  xargs: { valued: 'adEeIiLlnPs', long: ['--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'] },
  stdbuf: { valued: 'ioe', long: ['--input', '--output', '--error'] },
  ionice: { valued: 'cnp', long: ['--class', '--classdata', '--pid'] },
  setsid: {},
  flock: { valued: 'wEc', long: ['--timeout', '--conflict-exit-code', '--command'], operands: 1, script: ['-c', '--command'] },
  watch: { valued: 'nqd', long: ['--interval', '--equexit'], joinsAsScript: true },
  sudo: { valued: 'ugCDhpRTUr', long: ['--user', '--group', '--chdir', '--prompt', '--role', '--type', '--other-user', '--close-from', '--host'], asks: 'runs as the superuser' },
  doas: { valued: 'uC', asks: 'runs as the superuser' },
  command: { noRun: 'vV' },
  exec: { valued: 'a' },
  builtin: {},
  chroot: { long: ['--userspec', '--groups'], operands: 1, asks: 'changes the root directory' },
  busybox: {},
  strace: { valued: 'ebEIoOpPsSUuX', long: ['--output', '--trace', '--attach', '--user', '--env'] },
  ltrace: { valued: 'aAeEflnoSsuwX', long: ['--output', '--library'] },
  taskset: { operands: 1, noRun: 'p' },
  chrt: { operands: 1, noRun: 'p' },
  prlimit: { valued: 'p', noRun: 'p' },
  unbuffer: {},
  caffeinate: { valued: 'tw' },
  firejail: {},
  unshare: { valued: 'SG', long: ['--setuid', '--setgid', '--root', '--wd'] },
  nsenter: { valued: 'tSGwr', long: ['--target', '--setuid', '--setgid', '--wd', '--root'], asks: 'enters other namespaces' },
  script: { valued: 'cEIOT', long: ['--command', '--echo', '--log-in', '--log-out', '--log-timing'], script: ['-c', '--command'] },
  runuser: { valued: 'ugc', script: ['-c', '--command'], asks: 'runs as another user' },
};

export interface Unwrapped {
  /** The words of the command that really runs (empty when none runs). */
  words: string[];
  globs: boolean[];
  /** Command lines given to a wrapper as one string (env -S, flock -c, watch's words). */
  scripts: string[];
  /** Leading NAME=value settings, the wrappers' included. */
  assignments: string[];
  /** Why the wrappers themselves ask. */
  asks: string[];
  /** The command is run by xargs: its last arguments come from the input. */
  viaXargs: boolean;
}

export const isAssignment = (w: string): boolean => /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=/.test(w);
export const basename = (w: string): string => w.slice(w.lastIndexOf('/') + 1);

/** Skips one wrapper's options; returns the index of its first operand or -1 when nothing runs. */
function skipOptions(spec: WrapperSpec, words: readonly string[], from: number, out: Unwrapped): number {
  let i = from;
  while (i < words.length) {
    const w = words[i]!;
    if (w === '--') return i + 1;
    if (spec.assignments && isAssignment(w)) {
      out.assignments.push(w);
      i++;
      continue;
    }
    if (!w.startsWith('-') || w === '-') return i;
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const option = eq === -1 ? w : w.slice(0, eq);
      const takesNext = eq === -1 && (spec.long ?? []).includes(option);
      const value = eq !== -1 ? w.slice(eq + 1) : takesNext ? (words[i + 1] ?? '') : null;
      if (value !== null && (spec.script ?? []).includes(option)) out.scripts.push(value);
      i += takesNext ? 2 : 1;
      continue;
    }
    i++;
    for (let k = 1; k < w.length; k++) {
      const letter = w[k]!;
      if (spec.noRun?.includes(letter)) return -1;
      if (!spec.valued?.includes(letter)) continue;
      const glued = w.slice(k + 1);
      const value = glued !== '' ? glued : (words[i++] ?? '');
      if ((spec.script ?? []).includes(`-${letter}`)) out.scripts.push(value);
      break;
    }
  }
  return i;
}

/** Drops assignments and wrappers (with their options) to reach the command that really runs. */
export function unwrap(words: readonly string[], globs: readonly boolean[]): Unwrapped {
  const out: Unwrapped = { words: [], globs: [], scripts: [], assignments: [], asks: [], viaXargs: false };
  let i = 0;
  for (;;) {
    while (i < words.length && isAssignment(words[i]!)) out.assignments.push(words[i++]!);
    const name = basename(words[i] ?? '');
    const spec = globs[i] ? undefined : WRAPPERS[name];
    if (spec === undefined) break;
    if (spec.asks) out.asks.push(`${name}: ${spec.asks}`);
    if (name === 'xargs') out.viaXargs = true;
    const at = skipOptions(spec, words, i + 1, out);
    if (at === -1) return out;
    i = Math.min(words.length, at + (spec.operands ?? 0));
    // `flock FILE -c CMD`: options may follow the operands too.
    if (spec.operands) {
      const after = skipOptions(spec, words, i, out);
      if (after === -1) return out;
      i = after;
    }
    if (spec.joinsAsScript) {
      if (i < words.length) out.scripts.push(words.slice(i).join(' '));
      return out;
    }
  }
  out.words = words.slice(i);
  out.globs = globs.slice(i);
  return out;
}
