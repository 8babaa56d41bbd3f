// The installed tools, each declared once in its own module (core/tools/defs/, `defineTool`). Every
// list of tools is derived from this one: the tags the block parser reads and their aliases, the
// policies the approval judge, the code loop and the taint rule read, the prompt file that teaches
// each. `ToolTag` is the union of the declared tags, so a tag written anywhere else (an agent's
// tools, a web action's approval) that no definition declares fails to compile. A block tag nobody
// declares is judged "ask": nothing says what it would do.
import type { AgentName } from '../../common/agents.js';
import { CODE_TOOLS } from './defs/code.js';
import { FILE_FINDER } from './defs/fileFinder.js';
import { MCP_CALL } from './defs/mcp.js';
import { PLAN_JSON } from './defs/plan.js';
import { WEB_FORM } from './defs/webForm.js';
import { WEB_OPEN } from './defs/webOpen.js';
import { WEB_SEARCH } from './defs/webSearch.js';
import type { ToolDefinition, ToolPolicy } from './defineTool.js';

const INSTALLED = [...CODE_TOOLS, FILE_FINDER, MCP_CALL, PLAN_JSON, WEB_SEARCH, WEB_OPEN, WEB_FORM] as const;

export type ToolTag = (typeof INSTALLED)[number]['tag'];

export const TOOL_DEFINITIONS: readonly ToolDefinition<ToolTag>[] = INSTALLED;

const BY_TAG: ReadonlyMap<string, ToolDefinition<ToolTag>> = new Map(TOOL_DEFINITIONS.map((d) => [d.tag, d]));

/** The definition of a tag (a block's tag is model text: any string), or undefined. */
export function toolDefinition(tag: string): ToolDefinition<ToolTag> | undefined {
  return BY_TAG.get(tag);
}

export function toolPolicy(tag: string): ToolPolicy | undefined {
  return BY_TAG.get(tag)?.policy;
}

/** Every tag a fenced block may have; matched exactly, never by prefix. */
export const TOOL_TAGS: readonly ToolTag[] = TOOL_DEFINITIONS.filter((d) => d.invokedBy === 'block').map((d) => d.tag);

/** Tags whose blocks execute code. */
export const CODE_TAGS: readonly ToolTag[] = TOOL_DEFINITIONS.filter((d) => d.policy.effect === 'runs-code').map((d) => d.tag);

/** The block tools an agent may use, in the registry's order. */
export function toolTagsOf(agent: AgentName): readonly ToolTag[] {
  return TOOL_DEFINITIONS.filter((d) => d.invokedBy === 'block' && d.agents.includes(agent)).map((d) => d.tag);
}

/** Block tag → the other fence tags that mean it. */
export const TAG_ALIASES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(TOOL_DEFINITIONS.filter((d) => d.invokedBy === 'block').map((d) => [d.tag, d.aliases]));
