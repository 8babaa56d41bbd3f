// The approval policy: decides in code, never by the model, whether a block runs, asks, or is denied.
// What a block's tool does and how it is checked comes from the definition of the installed tool
// that would run it (`opts.definition`); a block without one, or whose definition is not a block
// tool's, asks. Work is bounded: a block too large, or one whose check runs past the time budget, asks.
// Async because the shell syntax check (mvdan/sh compiled to WASM, see node/exec/shellSyntax.ts) is.
import { askUnderMode, type ApprovalMode } from '../../common/approvalModes.js';
import type { SourceLanguage } from '../blocks/sourceText.js';
import type { ApprovalVerdict, Block } from '../ports.js';
import type { ToolCheck, ToolDefinition } from '../tools/defineTool.js';
import { JudgeBudget, OverBudget } from './judgeBudget.js';
import { judgeShellScript, judgeSource } from './judgeCode.js';
import type { FileKind } from './paths.js';
import type { Findings } from './findings.js';

/** Resolves to a syntax error message, or null when the script parses. */
export type ShellSyntaxCheck = (script: string) => Promise<string | null>;

export interface JudgeOptions {
  /** Absolute path of the workspace the block runs in. */
  workspace: string;
  mode: ApprovalMode;
  /** The definition of the installed tool that would run the block; without one the block asks. */
  definition?: ToolDefinition;
  /** Untrusted content is in the session's memory: every consequential block asks. */
  tainted?: boolean;
  /** Why the session is tainted, shown to the user; a generic reason when absent. */
  taintReason?: string;
  /** Shell syntax validation; without it a script that does not parse is judged by the scanner alone. */
  checkShellSyntax?: ShellSyntaxCheck;
  /** Whether a path is an existing file or folder: rewriting or replacing an existing file asks. */
  fileKind?: FileKind;
  /** Checks that need the app's state (MCP trust settings), by the definition's check name. */
  toolChecks?: Partial<Record<ToolCheck, (block: Block) => ApprovalVerdict>>;
  /** Milliseconds of judging per block before it asks instead (default 40). */
  timeBudgetMs?: number;
  /** Longest block judged, in characters (default 512 KiB); a longer one asks. */
  maxCodeChars?: number;
}

const DEFAULT_BUDGET_MS = 40;
const DEFAULT_MAX_CHARS = 512 * 1024;
const MAX_SYNTAX_CHARS = 4 * 1024;
const unique = (items: string[]) => [...new Set(items)];

async function codeFindings(check: ToolCheck, block: Block, opts: JudgeOptions): Promise<Findings> {
  const maxChars = opts.maxCodeChars ?? DEFAULT_MAX_CHARS;
  if (block.code.length > maxChars) return { ask: [`the block is too long to check (${block.code.length} characters, over ${maxChars})`], deny: [] };
  const budget = new JudgeBudget(opts.timeBudgetMs ?? DEFAULT_BUDGET_MS);
  const env = { workspace: opts.workspace, fileKind: opts.fileKind, budget };
  try {
    if (check !== 'shell') return judgeSource(check as SourceLanguage, block.code, env);
    const findings = judgeShellScript(block.code, env);
    // The WASM parser runs on this thread (~3 ms per KiB, far more under load): only on short scripts where its verdict can change the outcome.
    if (!opts.checkShellSyntax || findings.ask.length > 0 || findings.deny.length > 0) return findings;
    if (block.code.length > MAX_SYNTAX_CHARS) findings.ask.push(`the script is too long for the syntax check (${block.code.length} characters)`);
    else {
      const syntaxError = await opts.checkShellSyntax(block.code);
      if (syntaxError !== null) findings.ask.push(`the script does not parse (${syntaxError.slice(0, 200)}), so it cannot be checked`);
    }
    return findings;
  } catch (error) {
    // A stack overflow is the other way model text can exhaust the judge: both mean "could not check".
    if (error instanceof OverBudget || error instanceof RangeError) return { ask: ['the block is too complex to check in time'], deny: [] };
    throw error;
  }
}

function withMode(findings: Findings, opts: JudgeOptions): ApprovalVerdict {
  if (findings.deny.length > 0) return { action: 'deny', reasons: unique(findings.deny) };
  const reasons = askUnderMode(opts.mode, unique(findings.ask), 'approval mode asks before every block');
  // Injected instructions are the threat `tainted` guards against, so it holds even in allow-all mode.
  if (opts.tainted) reasons.splice(opts.mode === 'ask-all' ? 1 : 0, 0, opts.taintReason ?? 'untrusted web or tool content is in this conversation');
  return reasons.length > 0 ? { action: 'ask', reasons } : { action: 'allow' };
}

export async function judgeBlock(block: Block, opts: JudgeOptions): Promise<ApprovalVerdict> {
  const { definition } = opts;
  if (definition?.invokedBy !== 'block' || definition.tag !== block.tag)
    return { action: 'ask', reasons: [`no tool declares \`${block.tag}\` blocks, so nothing says what this one would do`] };
  const { policy } = definition;
  // Reading and planning change nothing: their tools confine themselves (the file finder to the workspace).
  if (policy.effect === 'reads' || policy.effect === 'plans') return { action: 'allow' };
  if (policy.effect === 'acts-outside') {
    const check = opts.toolChecks?.[policy.check];
    const verdict = check ? check(block) : { action: 'ask' as const, reasons: [`nothing checks \`${block.tag}\` blocks here`] };
    if (verdict.action !== 'allow' || !opts.tainted) return verdict;
    return { action: 'ask', reasons: [opts.taintReason ?? 'untrusted web or tool content is in this conversation'] };
  }
  const findings = await codeFindings(policy.check, block, opts);
  // Saving a block writes a file; the path guard refuses escapes, but a visible path outside still asks.
  if (block.savePath !== null && (block.savePath.startsWith('/') || block.savePath.startsWith('~') || block.savePath.split(/[\\/]/).includes('..'))) {
    findings.ask.push(`saves to a path outside the workspace: ${block.savePath}`);
  }
  return withMode(findings, opts);
}
