// Files the user marked untrusted (settings.untrustedPaths): a downloaded document, a README from a
// stranger's repository. Text read from them may carry instructions that are not the user's, so a
// result that may hold it names its source, and the session then asks before consequential actions
// for as long as that text stays in the model's context (core/engine/blockRunner.ts, history.ts).
//
// file_finder knows exactly which file it read. A code block's reads cannot be seen (`cat *`, a
// script that walks the folder), so a block that runs in a workspace holding a marked file counts as
// having read it: cautious, and it costs only approvals, never a wrong "allow".
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { NETWORK_SOURCE, readsNetwork } from '../../core/approval/networkReads.js';
import type { UntrustedFile } from '../../common/settings.js';
import type { Block, Tool, ToolContext, ToolResult } from '../../core/ports.js';
import { markedFileUnder } from './markedInTree.js';

const within = (root: string, candidate: string) => candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** The mark that covers `full` (the file itself, or a marked folder holding it), or null. */
export function markCovering(full: string, marks: readonly string[]): string | null {
  return marks.find((mark) => within(mark, full)) ?? null;
}

/** How the taint is named to the user (the approval dialog shows it). */
export const untrustedSource = (shown: string): string => `a file you marked untrusted (${shown})`;

/** The marks inside the workspace, or a mark holding the whole workspace. */
export async function marksInWorkspace(workspace: string, marks: readonly string[]): Promise<string[]> {
  if (marks.length === 0) return [];
  const root = await realpath(workspace).catch(() => path.resolve(workspace));
  return marks.filter((mark) => within(root, mark) || within(mark, root));
}

/** The workspace-relative marks for the workspace panel (marks holding the whole workspace show as '.'). */
export async function relativeMarks(workspace: string, marks: readonly string[]): Promise<string[]> {
  const root = await realpath(workspace).catch(() => path.resolve(workspace));
  return (await marksInWorkspace(root, marks)).map((mark) => (within(mark, root) ? '.' : path.relative(root, mark).split(path.sep).join('/')));
}

/**
 * Whether a networked block's output may hold data from the network: observed where the block had a
 * network namespace of its own (any byte its interface received: an answer, a DNS reply), judged
 * from its code where it shared the host's (core/approval/networkReads.ts).
 */
const fromNetwork = (result: ToolResult, code: string): boolean => (result.networkBytesIn !== undefined ? result.networkBytesIn > 0 : readsNetwork(code));

/**
 * The tool with its results marked untrusted when its workspace holds a marked file (code blocks:
 * what they read cannot be known): by path, or by identity (a hard link, a copy or a link to a
 * marked file under another name, there before or after the block: markedInTree.ts); or when it ran
 * with the network and read from it. Results that already name a source keep it.
 */
export function taintingReadsOf(tool: Tool, marks: () => readonly string[], network: () => boolean = () => false, files: () => readonly UntrustedFile[] = () => []): Tool {
  const run = async (block: Block, ctx: ToolContext): Promise<ToolResult> => {
    // Read before the block runs: the setting it ran with decides.
    const online = network();
    const root = await realpath(ctx.workspace).catch(() => ctx.workspace);
    // A marked file's other name that the block may read and then delete is there before it runs.
    const before = await markedFileUnder(root, files());
    const result = await tool.run(block, ctx);
    if (result.untrusted) return result;
    const found = await marksInWorkspace(ctx.workspace, marks());
    if (found.length > 0) return { ...result, untrusted: untrustedSource(path.relative(root, found[0]!) || path.basename(found[0]!)) };
    const same = before ?? (await markedFileUnder(root, files()));
    if (same !== null) return { ...result, untrusted: untrustedSource(`${same}, the same file as one you marked`) };
    return online && fromNetwork(result, block.code) ? { ...result, untrusted: NETWORK_SOURCE } : result;
  };
  return Object.assign(Object.create(tool) as Tool, { run });
}

/**
 * The taint rule for reads nobody can see, from each tool's policy: a tool that runs code is wrapped
 * (taintingReadsOf), reading the network per its policy (the sandbox setting, or always); a tool
 * that reports its own untrusted reads (file_finder) or whose output is untrusted by its row (mcp)
 * is left as it is.
 */
export function withUnseenReadsTaint(tools: readonly Tool[], marks: () => readonly string[], networkSetting: () => boolean, files: () => readonly UntrustedFile[]): Tool[] {
  return tools.map((tool) => {
    const { policy } = tool.definition;
    if (policy.effect !== 'runs-code') return tool;
    const network = policy.network === 'setting' ? networkSetting : () => policy.network === 'always';
    return taintingReadsOf(tool, marks, network, files);
  });
}
