// The block tools' definitions, for tests that parse or judge model text without building the
// tools (which needs interpreters, a knowledge index and MCP servers). src-main/app/tools.test.ts
// checks this list equals what the composition root installs, so the two cannot drift apart.
import { FILE_FINDER } from '../../src-main/node/tools/fileFinder.js';
import { CODE_TOOLS } from '../../src-main/core/tools/defs/code.js';
import { MCP_CALL } from '../../src-main/core/tools/defs/mcp.js';
import { PLAN_JSON } from '../../src-main/core/tools/defs/plan.js';
import { judgeBlock, type JudgeOptions } from '../../src-main/core/approval/judge.js';
import type { ApprovalVerdict, Block } from '../../src-main/core/ports.js';
import type { ToolDefinition } from '../../src-main/core/tools/defineTool.js';

/** The tools the app installs, in the composition root's order. */
export const INSTALLED_TOOLS: readonly ToolDefinition[] = [...CODE_TOOLS, FILE_FINDER, MCP_CALL];

/** Every block tool: the installed ones and the planner's ```json plan. */
export const BLOCK_TOOLS: readonly ToolDefinition[] = [...INSTALLED_TOOLS, PLAN_JSON];

/** The block tools with these tags (a tag nothing defines is an error in the test, not a skipped tool). */
export function toolsNamed(...tags: string[]): ToolDefinition[] {
  return tags.map((tag) => {
    const found = BLOCK_TOOLS.find((d) => d.tag === tag);
    if (!found) throw new Error(`no block tool is defined for ${tag}`);
    return found;
  });
}

/** The block tools an agent's loop offers (their definitions name it). */
export function toolsOfAgent(agent: string): ToolDefinition[] {
  return BLOCK_TOOLS.filter((d) => (d.agents as readonly string[]).includes(agent));
}

/** judgeBlock as the block runner calls it: with the definition of the tool that would run the block (none for a tag nothing defines). */
export function judgeAsInstalled(block: Block, opts: JudgeOptions): Promise<ApprovalVerdict> {
  return judgeBlock(block, { definition: BLOCK_TOOLS.find((d) => d.tag === block.tag), ...opts });
}
