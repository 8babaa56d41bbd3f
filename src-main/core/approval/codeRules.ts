// Consequential actions in Python, C, Go and Java: deleting files, killing processes, changing
// permissions, rewriting existing files, writing outside the workspace, spawning commands (judged by
// the shell rules), and every way of reaching those that the text does not show (dynamic lookup,
// raw system calls, native code, renamed imports): those ask. The rule tables live in codeTables.ts.
import { literalOf, scanSource, type ScannedSource, type SourceLanguage } from '../blocks/sourceText.js';
import { UNLIMITED, type JudgeBudget } from './judgeBudget.js';
import { ACTIONS, GO_WATCHED_PACKAGES, PY_RISKY_IMPORTS, PY_WATCHED_MODULES, rewrites, SPAWNS, WRITES } from './codeTables.js';
import { isInside, resolveFrom, type FileKind } from './paths.js';
import type { Findings } from './findings.js';
import type { ShellEnv } from './shellRules.js';

export interface CodeEnv {
  workspace: string;
  fileKind?: FileKind;
  budget?: JudgeBudget;
}

/** `import os as o` → `o.` reads as `os.`; `from os import remove as r` asks (every later `r(` hides the call). */
function pythonAliases(code: string, findings: Findings): string {
  const aliases = new Map<string, string>();
  for (const m of code.matchAll(/\bimport\s+([\w., \t]+)/g)) {
    for (const part of m[1]!.split(',')) {
      const alias = /^\s*([\w.]+)\s+as\s+(\w+)\s*$/.exec(part);
      if (alias && PY_WATCHED_MODULES.has(alias[1]!)) aliases.set(alias[2]!, alias[1]!);
    }
  }
  for (const m of code.matchAll(/\bfrom\s+([\w.]+)\s+import\s+\(?([\w, \t\n*]+)/g)) {
    if (!PY_WATCHED_MODULES.has(m[1]!.split('.')[0]!)) continue;
    for (const part of m[2]!.split(',')) {
      const name = part.trim().split(/\s+/)[0] ?? '';
      if (PY_RISKY_IMPORTS.test(name)) findings.ask.push(`imports ${m[1]}.${name} under its own name, so its calls cannot be told apart`);
    }
  }
  if (aliases.size === 0) return code;
  const names = [...aliases.keys()].map((a) => a.replace(/\W/g, '')).join('|');
  return code.replace(new RegExp(`(?<![\\w.])(${names})\\.`, 'g'), (_, alias: string) => `${aliases.get(alias)}.`);
}

/** `import x "os"` → `x.` reads as `os.`. */
function goAliases(scanned: ScannedSource): string {
  const aliases = new Map<string, string>();
  for (const m of scanned.code.matchAll(/(?<![\w.])(\w+)[ \t]+"§(\d+)"/g)) {
    const canonical = GO_WATCHED_PACKAGES[scanned.literals[Number(m[2])] ?? ''];
    if (canonical !== undefined && canonical !== m[1]) aliases.set(m[1]!, canonical);
  }
  if (aliases.size === 0) return scanned.code;
  return scanned.code.replace(/(?<![\w.])(\w+)\./g, (whole, name: string) => (aliases.has(name) ? `${aliases.get(name)}.` : whole));
}

function pathFindings(scanned: ScannedSource, code: string, language: SourceLanguage, env: CodeEnv, findings: Findings): void {
  for (const re of WRITES[language]) {
    for (const m of code.matchAll(re)) {
      env.budget?.tick();
      const path = literalOf(scanned, m[1] ?? '');
      const mode = m[2] !== undefined ? (literalOf(scanned, m[2]) ?? m[2]) : undefined;
      if (path === undefined) continue;
      if (mode !== undefined && language !== 'c' && !/[wax+]/.test(mode)) continue;
      if (language === 'c' && mode !== undefined && /^r$|^rb$/.test(mode)) continue;
      const abs = resolveFrom(env.workspace, path);
      if (abs === null || !isInside(env.workspace, abs)) findings.ask.push(`writes outside the workspace: ${path}`);
      else if (rewrites(language, m[0], mode) && env.fileKind?.(abs) === 'file') findings.ask.push(`rewrites the existing file ${path}`);
    }
  }
}

/** The text between a call's `(` at `open` and its matching `)`, or null when it runs on too long to read. */
function callArguments(code: string, open: number): string | null {
  let depth = 0;
  const limit = Math.min(code.length, open + 4000);
  for (let i = open; i < limit; i++) {
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return code.slice(open + 1, i);
  }
  return null;
}

/**
 * A spawned command is judged when it is written out: one literal, or a list of literals. Built any
 * other way (a variable, concatenation, formatting) it cannot be read, so it asks.
 */
function spawnFindings(scanned: ScannedSource, code: string, language: SourceLanguage, env: CodeEnv, findings: Findings, judgeShell: SpawnedScriptJudge): void {
  for (const m of code.matchAll(SPAWNS[language])) {
    env.budget?.tick();
    const args = callArguments(code, m.index + m[0].length - 1);
    const first = args === null ? null : /^\s*(?:\[|\{|(?:List|Arrays)\.(?:of|asList)\s*\()?\s*((?:[fbrFBR]{0,2}"§\d+"\s*(?:,\s*)?)+)(?:[\])}]\s*)?(?:,|$)/.exec(args);
    if (first === null) {
      findings.ask.push(`${language}: runs a command built at run time, which cannot be checked`);
      continue;
    }
    const words = [...first[1]!.matchAll(/"§(\d+)"/g)].map((t) => scanned.literals[Number(t[1])] ?? '');
    const script = words.length === 1 ? words[0]! : words.map((w) => (/^[\w./=:,+-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`)).join(' ');
    const found = judgeShell(script, { workspace: env.workspace, fileKind: env.fileKind, budget: env.budget });
    for (const r of found.ask) findings.ask.push(`runs a command that ${r}`);
    for (const d of found.deny) findings.deny.push(d);
  }
}

/** Judges a command line that the code spawns (judgeCode.ts passes the shell rules in). */
export type SpawnedScriptJudge = (script: string, env: ShellEnv) => Findings;

export function judgeSourceWith(language: SourceLanguage, source: string, env: CodeEnv | string, judgeShell: SpawnedScriptJudge): Findings {
  const e: CodeEnv = typeof env === 'string' ? { workspace: env } : env;
  const budget = e.budget ?? UNLIMITED;
  const scanned = scanSource(source, language, budget);
  const findings: Findings = { ask: [], deny: [] };
  const code = language === 'python' ? pythonAliases(scanned.code, findings) : language === 'go' ? goAliases(scanned) : scanned.code;
  for (const rule of ACTIONS[language]) if (rule.re.test(code)) findings.ask.push(`${language}: ${rule.reason}`);
  budget.tick();
  pathFindings(scanned, code, language, { ...e, budget }, findings);
  spawnFindings(scanned, code, language, { ...e, budget }, findings, judgeShell);
  return findings;
}
