// The shell rules, applied to one simple command at a time in the order the script runs them.
// Commands are compared by exact name (basename of the first word), so `echo digital`, `committee`
// or `farm` never match `rm`. What cannot be read (a command name built at run time, code piped
// into an interpreter, a script written by the same block) asks instead of being guessed at.
// Inline Python (`python3 -c`) is judged by a function the caller passes in (judgeCode.ts wires
// the two rule sets together), so this module and codeRules do not import each other.
import { UNLIMITED, type JudgeBudget } from './judgeBudget.js';
import { merge, type Findings } from './findings.js';
import { awkFindings, interpreterOf, readInterpreterArgs } from './interpreters.js';
import { isInside, resolveFrom, type FileKind } from './paths.js';
import { commandTableFindings, targetsWritten } from './shellTable.js';
import { scanScript, type SimpleCommand } from './shellLex.js';
import { basename, unwrap } from './shellWrappers.js';

export interface ShellEnv {
  workspace: string;
  fileKind?: FileKind;
  budget?: JudgeBudget;
}

/** Judges Python source that a shell command runs inline. */
export type InlinePythonJudge = (source: string, env: ShellEnv & { budget: JudgeBudget }) => Findings;

/** The state of one script as the judge walks through it. */
interface Walk {
  env: ShellEnv;
  judgePython: InlinePythonJudge;
  budget: JudgeBudget;
  /** The directory commands run in; null once a `cd` went somewhere that cannot be known. */
  cwd: string | null;
  /** Files this block wrote (redirects, tee, cp, mv): running one of them asks. */
  written: Set<string>;
  depth: number;
}

/** Nested `sh -c` scripts deeper than this ask instead of being looked into. */
const MAX_DEPTH = 6;
/** Variables that change which program a name runs or what a shell runs on its own. */
const STEERING_VARS =
  /^(PATH|LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|BASH_ENV|ENV|PROMPT_COMMAND|IFS|SHELLOPTS|BASHOPTS|PS4|GLOBIGNORE|PYTHONSTARTUP|PERL5OPT|NODE_OPTIONS|GIT_EXEC_PATH)\+?=/;
/** Builtins that make later text run in ways the judge cannot follow. */
const OPAQUE: Readonly<Record<string, string>> = {
  alias: 'defines an alias, so later command names may mean something else',
  trap: 'sets a trap, a command that runs later on a signal or on exit',
  eval: 'eval runs text built at run time as a command',
  source: 'runs a script file in this shell, which cannot be checked',
  '.': 'runs a script file in this shell, which cannot be checked',
  enable: 'enable can load builtins from a library',
  shopt: 'shopt can turn on alias expansion',
  parallel: 'parallel runs commands built from its input',
  coproc: 'coproc runs a command in the background',
};
const TRUNCATING = new Set(['>', '>|', '&>', '>&']);

const isFile = (walk: Walk, abs: string | null) => abs !== null && isInside(walk.env.workspace, abs) && walk.env.fileKind?.(abs) === 'file';

function redirectFindings(command: SimpleCommand, walk: Walk, findings: Findings): boolean {
  let stdinFed = false;
  for (const r of command.redirects) {
    if (r.op.startsWith('<') && r.op !== '<>' && r.op !== '<&') stdinFed = true;
    const writes = /^&?>/.test(r.op) || r.op === '<>';
    if (!writes || ((r.op === '>&' || r.op === '<&') && /^(\d+|-)$/.test(r.target))) continue;
    const abs = resolveFrom(walk.cwd, r.target);
    if (abs === '/dev/null' || (abs !== null && /^\/dev\/(stdout|stderr|fd\/\d+|tty)$/.test(abs))) continue;
    if (abs === null || !isInside(walk.env.workspace, abs)) findings.ask.push(`writes outside the workspace: ${r.target}`);
    else if (TRUNCATING.has(r.op) && isFile(walk, abs)) findings.ask.push(`empties and rewrites the existing file ${r.target}`);
    if (abs !== null) walk.written.add(abs);
  }
  return stdinFed;
}

/** `bash x.sh`, `python3 x.py`, `./x`: the program or script, when this block wrote it, is unreadable here. */
function writtenEarlier(walk: Walk, path: string | null): boolean {
  if (path === null) return false;
  const abs = resolveFrom(walk.cwd, path);
  return abs !== null && walk.written.has(abs);
}

function interpreterFindings(command: SimpleCommand, name: string, args: string[], stdinFed: boolean, viaXargs: boolean, walk: Walk, findings: Findings): void {
  const spec = interpreterOf(name);
  if (!spec) return;
  const call = readInterpreterArgs(spec, args);
  if (call.inline !== null) {
    if (spec.judge === 'python') merge(findings, walk.judgePython(call.inline, { ...walk.env, budget: walk.budget }));
    else if (spec.judge === 'shell') merge(findings, judgeNested(call.inline, walk));
    else findings.ask.push(`${name} runs inline ${spec.lang} code, which cannot be checked`);
    return;
  }
  if (call.noScript) return;
  if (viaXargs) findings.ask.push(`${name} runs scripts named by xargs' input, which cannot be checked`);
  else if (call.script === null && (command.pipedInto || stdinFed)) findings.ask.push(`${name} runs a script from its standard input, which cannot be checked`);
  else if (writtenEarlier(walk, call.script)) findings.ask.push(`${name} runs ${call.script}, which this block wrote, so it cannot be checked`);
}

function followCd(args: string[], walk: Walk): void {
  const target = args.find((a) => !a.startsWith('-') || a === '-');
  // `cd`, `cd ~`, `cd -`, `cd "$X"`: somewhere the judge cannot place.
  walk.cwd = target === undefined || target === '-' || /[$`*?[]/.test(target) ? null : resolveFrom(walk.cwd, target);
}

function judgeCommand(command: SimpleCommand, walk: Walk): Findings {
  const findings: Findings = { ask: [], deny: [] };
  const stdinFed = redirectFindings(command, walk, findings);
  const unwrapped = unwrap(command.words, command.globs);
  findings.ask.push(...unwrapped.asks);
  for (const a of unwrapped.assignments) if (STEERING_VARS.test(a)) findings.ask.push(`sets ${a.split(/\+?=/)[0]}, which changes what commands run`);
  for (const script of unwrapped.scripts) merge(findings, judgeNested(script, walk));
  const words = unwrapped.words;
  if (words.length === 0) return findings;
  const first = words[0]!;
  const name = basename(first);
  const args = words.slice(1);
  // `$cmd x`, `$(echo rm) x`, `/bin/r? x`, `{rm,x}`: the program is chosen at run time, so its name proves nothing.
  if (/[$`]/.test(first)) findings.ask.push(`runs a command whose name is computed at run time: ${first}`);
  else if (unwrapped.globs[0]) findings.ask.push(`runs a command whose name is a pattern the shell expands: ${first}`);
  if (Object.hasOwn(OPAQUE, name)) findings.ask.push(`${name}: ${OPAQUE[name]}`);
  if (name === 'eval') merge(findings, { ask: [], deny: judgeNested(args.join(' '), walk).deny });
  if ((name === 'export' || name === 'declare' || name === 'typeset' || name === 'readonly') && args.some((a) => STEERING_VARS.test(a))) {
    findings.ask.push(`${name} sets a variable that changes what commands run`);
  }
  if (name === 'hash' && args.includes('-p')) findings.ask.push('hash -p makes a command name run another program');
  if (name === 'cd' || name === 'pushd' || name === 'popd') followCd(name === 'cd' ? args : [], walk);
  if (first.includes('/') && writtenEarlier(walk, first)) findings.ask.push(`runs ${first}, which this block wrote, so it cannot be checked`);
  merge(findings, commandTableFindings(name, args, { workspace: walk.env.workspace, cwd: walk.cwd, isFile: (abs) => isFile(walk, abs) }));
  if (name === 'find') merge(findings, findExec(command, args, walk));
  const awk = awkFindings(name, args);
  if (awk) findings.ask.push(awk);
  interpreterFindings(command, name, args, stdinFed, unwrapped.viaXargs, walk, findings);
  for (const target of targetsWritten(name, args)) {
    const abs = resolveFrom(walk.cwd, target);
    if (abs !== null) walk.written.add(abs);
  }
  return findings;
}

function findExec(command: SimpleCommand, args: string[], walk: Walk): Findings {
  const findings: Findings = { ask: [], deny: [] };
  if (args.includes('-delete')) findings.ask.push('find -delete: deletes files');
  for (const flag of ['-exec', '-execdir', '-ok', '-okdir']) {
    const at = args.indexOf(flag);
    if (at === -1) continue;
    const end = args.findIndex((a, i) => i > at && (a === ';' || a === '+'));
    const inner = args.slice(at + 1, end === -1 ? undefined : end).filter((a) => a !== '{}');
    merge(findings, judgeCommand({ ...command, words: inner, globs: inner.map(() => false), redirects: [] }, walk));
  }
  return findings;
}

function judgeNested(script: string, walk: Walk): Findings {
  if (walk.depth + 1 > MAX_DEPTH) return { ask: ['nests shells too deeply to be checked'], deny: [] };
  return walkScript(script, { ...walk, depth: walk.depth + 1 });
}

function walkScript(script: string, walk: Walk): Findings {
  const findings: Findings = { ask: [], deny: [] };
  const scanned = scanScript(script, walk.budget);
  if (scanned.tooDeep) findings.ask.push('nests command substitutions too deeply to be checked');
  for (const command of scanned.commands) {
    walk.budget.tick();
    merge(findings, judgeCommand(command, walk));
  }
  return findings;
}

/** Judges every simple command of a script. */
export function judgeShellScriptWith(script: string, env: ShellEnv | string, judgePython: InlinePythonJudge): Findings {
  const e: ShellEnv = typeof env === 'string' ? { workspace: env } : env;
  const walk: Walk = { env: e, judgePython, budget: e.budget ?? UNLIMITED, cwd: e.workspace, written: new Set(), depth: 0 };
  const findings = walkScript(script, walk);
  if (/:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}/.test(script)) findings.deny.push('fork bomb');
  return findings;
}
