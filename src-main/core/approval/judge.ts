// The approval policy: decides in code, never by the model, whether a block runs, asks, or is denied.
// Async because the shell syntax check (mvdan/sh compiled to WASM, see node/exec/shellSyntax.ts) is.
import type { ApprovalVerdict, Block } from '../ports.js';
import { judgeSource } from './codeRules.js';
import { judgeShellScript, type Findings } from './shellRules.js';
import type { SourceLanguage } from '../blocks/sourceText.js';

export type ApprovalMode = 'ask-risky' | 'ask-all' | 'allow-all';

/** Resolves to a syntax error message, or null when the script parses. */
export type ShellSyntaxCheck = (script: string) => Promise<string | null>;

export interface JudgeOptions {
  /** Absolute path of the workspace the block runs in. */
  workspace: string;
  mode: ApprovalMode;
  /** Untrusted content (web pages, MCP results) entered this turn: every code block asks. */
  tainted?: boolean;
  /** Shell syntax validation; without it a script that does not parse is judged by the scanner alone. */
  checkShellSyntax?: ShellSyntaxCheck;
}

/** Tags whose blocks execute code; the other tools (file_finder, web_search, …) police themselves. */
export const CODE_TAGS: readonly string[] = ['python', 'bash', 'c', 'go', 'java'];

const unique = (items: string[]) => [...new Set(items)];

async function findingsFor(block: Block, opts: JudgeOptions): Promise<Findings> {
  if (block.tag === 'bash') {
    const findings = judgeShellScript(block.code, opts.workspace);
    const syntaxError = opts.checkShellSyntax ? await opts.checkShellSyntax(block.code) : null;
    if (syntaxError !== null) findings.ask.push(`the script does not parse (${syntaxError}), so it cannot be checked`);
    return findings;
  }
  return judgeSource(block.tag as SourceLanguage, block.code, opts.workspace);
}

export async function judgeBlock(block: Block, opts: JudgeOptions): Promise<ApprovalVerdict> {
  if (!CODE_TAGS.includes(block.tag)) return { action: 'allow' };
  const findings = await findingsFor(block, opts);
  // Saving a block writes a file; the path guard refuses escapes, but a visible path outside still asks.
  if (block.savePath !== null && (block.savePath.startsWith('/') || block.savePath.startsWith('~') || block.savePath.split(/[\\/]/).includes('..'))) {
    findings.ask.push(`saves to a path outside the workspace: ${block.savePath}`);
  }
  if (findings.deny.length > 0) return { action: 'deny', reasons: unique(findings.deny) };
  // Injected instructions are the threat `tainted` guards against, so it holds even in allow-all mode.
  if (opts.mode === 'allow-all' && !opts.tainted) return { action: 'allow' };
  const reasons = opts.mode === 'allow-all' ? [] : unique(findings.ask);
  if (opts.tainted) reasons.unshift('untrusted web or tool content entered this turn');
  if (opts.mode === 'ask-all') reasons.unshift('approval mode asks before every block');
  return reasons.length > 0 ? { action: 'ask', reasons } : { action: 'allow' };
}
