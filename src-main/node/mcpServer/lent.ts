// What the app lends to MCP clients: code run in its sandbox under its approval policy, the web
// agent, workspace search and file reading. Each call is judged and approved exactly as a block of
// the app's own agents is: the judge decides allow / ask / deny, and `ask` goes to whoever answers
// approvals here (the app's window, or nobody when the app is closed: then it is refused).
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { toErrorData } from '../../common/errors.js';
import { CODE_LANGUAGE_IDS } from '../../common/languages.js';
import type { AskUser, Block, BlockJudge, Logger, Tool } from '../../core/ports.js';
import type { TurnRunner } from '../api/completions.js';
import { resolveInWorkspace } from '../workspace/guard.js';
import type { WorkspaceSearch } from './workspaceSearch.js';
import { FILE_FINDER } from '../tools/fileFinder.js';

export interface LentDeps {
  workspace: () => string;
  tools: () => readonly Tool[];
  judge: BlockJudge;
  askUser: AskUser;
  blockTimeoutMs: () => number;
  /** The web agent's turns; null where agents are not lent. */
  turns: TurnRunner | null;
  search: WorkspaceSearch;
  logger: Logger;
}

export interface RunCodeResult {
  status: string;
  exitCode: number | null;
  output: string;
  /** How the approval policy treated the call. */
  approval: 'not needed' | 'approved' | 'refused' | 'denied';
}

export const RUN_CODE_LANGUAGES = CODE_LANGUAGE_IDS;

const blockOf = (language: string, code: string): Block => ({ id: `mcp-${randomUUID().slice(0, 8)}`, tag: language, code, savePath: null, params: {}, start: 0, end: code.length });

export async function runCode(deps: LentDeps, input: { language: string; code: string }, signal: AbortSignal): Promise<RunCodeResult> {
  const workspace = deps.workspace();
  const tool = deps.tools().find((t) => t.definition.tag === input.language);
  if (!tool) return { status: 'error', exitCode: null, output: `No ${input.language} interpreter is available here.`, approval: 'not needed' };
  const block = blockOf(input.language, input.code);
  const verdict = await deps.judge.judge(block, { workspace, tainted: false, definition: tool.definition });
  if (verdict.action === 'deny') return { status: 'declined', exitCode: null, output: `Not run: ${verdict.reasons.join('; ')}.`, approval: 'denied' };
  let approval: RunCodeResult['approval'] = 'not needed';
  if (verdict.action === 'ask') {
    const turnId = `mcp-${randomUUID()}`;
    const approved = await deps.askUser({ turnId, blockId: block.id, tool: input.language, command: input.code, reasons: [`asked by an MCP client`, ...verdict.reasons], signal });
    if (!approved) {
      deps.logger.info('mcp run_code refused', { language: input.language, reasons: verdict.reasons });
      return { status: 'declined', exitCode: null, output: `The user did not approve this ${input.language} code (${verdict.reasons.join('; ')}).`, approval: 'refused' };
    }
    approval = 'approved';
  }
  const result = await tool.run(block, { workspace, signal, turnId: 'mcp', blockId: block.id, onOutput: () => undefined, timeoutMs: deps.blockTimeoutMs() });
  const output = result.feedback && result.status !== 'ok' ? `${result.output}${result.output ? '\n' : ''}${result.feedback}` : result.output;
  return { status: result.status, exitCode: result.exitCode, output, approval };
}

/** file_finder's read action on one workspace path (the workspace guard and untrusted marks apply). */
export async function readWorkspaceFile(deps: LentDeps, relative: string, signal: AbortSignal): Promise<{ ok: boolean; text: string }> {
  const finder = deps.tools().find((t) => t.definition.tag === FILE_FINDER.tag);
  if (!finder) return { ok: false, text: 'Reading files is not available here.' };
  // An exact path only: file_finder would otherwise read a file of the same name found elsewhere.
  try {
    const full = await resolveInWorkspace(deps.workspace(), relative);
    if (!(await stat(full).catch(() => null))) return { ok: false, text: `No file ${relative} in the workspace.` };
  } catch (error) {
    return { ok: false, text: toErrorData(error).message };
  }
  const block: Block = { id: 'mcp-read', tag: FILE_FINDER.tag, code: '', savePath: null, params: { name: relative, action: 'read' }, start: 0, end: 0 };
  const result = await finder.run(block, { workspace: deps.workspace(), signal, turnId: 'mcp', blockId: block.id, onOutput: () => undefined, timeoutMs: 30_000 });
  return result.status === 'ok' ? { ok: true, text: result.output } : { ok: false, text: result.feedback ?? result.output };
}
