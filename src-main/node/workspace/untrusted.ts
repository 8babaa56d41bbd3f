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
import type { Block, Tool, ToolContext, ToolResult } from '../../core/ports.js';
import { toolPolicy } from '../../core/tools/registry.js';

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
 * The tool with its results marked untrusted when its workspace holds a marked file (code blocks:
 * what they read cannot be known), or when it ran with the network and its code reads from it
 * (core/approval/networkReads.ts). Results that already name a source keep it.
 */
function taintingReadsOf(tool: Tool, marks: () => readonly string[], network: () => boolean = () => false): Tool {
  const run = async (block: Block, ctx: ToolContext): Promise<ToolResult> => {
    // Read before the block runs: the setting it ran with decides.
    const online = network();
    const result = await tool.run(block, ctx);
    if (result.untrusted) return result;
    const found = await marksInWorkspace(ctx.workspace, marks());
    if (found.length === 0) return online && readsNetwork(block.code) ? { ...result, untrusted: NETWORK_SOURCE } : result;
    const root = await realpath(ctx.workspace).catch(() => ctx.workspace);
    return { ...result, untrusted: untrustedSource(path.relative(root, found[0]!) || path.basename(found[0]!)) };
  };
  return Object.assign(Object.create(tool) as Tool, { run });
}

/**
 * The taint rule for reads nobody can see, from each tool's policy: a tool that runs code is wrapped
 * (taintingReadsOf), reading the network per its policy (the sandbox setting, or always); a tool
 * that reports its own untrusted reads (file_finder) or whose output is untrusted by its row (mcp)
 * is left as it is.
 */
export function withUnseenReadsTaint(tools: readonly Tool[], marks: () => readonly string[], networkSetting: () => boolean): Tool[] {
  return tools.map((tool) => {
    const policy = toolPolicy(tool.tag);
    if (policy?.effect !== 'runs-code') return tool;
    const network = policy.network === 'setting' ? networkSetting : () => policy.network === 'always';
    return taintingReadsOf(tool, marks, network);
  });
}
