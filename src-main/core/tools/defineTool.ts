// What a tool is, declared once: its tag and the other tags models write for it, how the model is
// taught it (a prompt file), how its input is read, and its whole policy. A tool is declared in the
// module that implements it (node/tools/fileFinder.ts) and an installed tool carries its definition
// (`Tool.definition`, core/ports.ts): the block parser, the approval judge, the code loop, the taint
// rule and the agents' tool sets and prompts read it from the tools the composition root installs
// (app/tools.ts), so there is no second list to keep in step and no tag written twice.
import type { AgentName } from '../../common/agents.js';
import type { SourceLanguage } from '../../common/languages.js';

/** What running the tool does; the judge's first question. */
export type ToolEffect =
  /** Executes code the model wrote (in the sandbox). */
  | 'runs-code'
  /** Reads the workspace or the web, changes nothing. */
  | 'reads'
  /** Acts on a service or site outside the app (an MCP server's tool, a web form). */
  | 'acts-outside'
  /** Structure for the app itself (the planner's JSON); nothing runs. */
  | 'plans';

/** The rules the block judge applies to the block's text (core/approval/judge.ts); 'mcp-call' is supplied by the app (it needs the trust settings and the servers' hints). */
export type ToolCheck = 'shell' | SourceLanguage | 'mcp-call' | 'none';

/** Whether the tool reaches the network: never, when the sandbox setting allows it (code blocks), or always (the web, MCP servers). */
export type ToolNetwork = 'none' | 'setting' | 'always';

export interface ToolPolicy {
  readonly effect: ToolEffect;
  readonly network: ToolNetwork;
  /**
   * Its results are information for the model: a reply made of such blocks alone goes on to the
   * model with their results instead of ending the loop.
   */
  readonly resultsToModel: boolean;
  /** Names the outside source when its output is untrusted text (the session stays tainted while the text is in memory). */
  readonly untrustedOutput: string | null;
  readonly check: ToolCheck;
  /** Its output is bounded and read in ranges by the tool itself, so a long one is never set aside as a workspace file (file_finder). */
  readonly boundsOwnOutput?: boolean;
}

/** How the model invokes the tool: a fenced block in its reply, or an action line of the web agent. */
export type ToolInvocation = 'block' | 'web-action';

export interface ToolDefinition<Tag extends string = string> {
  readonly tag: Tag;
  /** Other fence tags real models write for it, compared in lower case (```sh for bash). */
  readonly aliases: readonly string[];
  readonly invokedBy: ToolInvocation;
  /** The agents that may use it: their prompts teach it and their loops run it when it is installed. */
  readonly agents: readonly AgentName[];
  /** The prompt file that teaches it (`prompts/<prompt>.md`), or null when its agent's own prompt does. */
  readonly prompt: string | null;
  /**
   * How its input is read: the block's text as is (code), `name=value` lines read into
   * `block.params` by the block parser (file_finder), or a JSON object its run function parses and
   * answers with precise feedback (mcp), or an action line the web agent parses.
   */
  readonly input: 'text' | 'key-value' | 'json' | 'action-line';
  readonly policy: ToolPolicy;
  /** Why it exists, for the reader of the definition. */
  readonly summary: string;
}

/** Declares a tool; the `const` tag keeps its literal type (code that names a tool refers to `DEFINITION.tag`, never a retyped string). */
export function defineTool<const Tag extends string>(definition: ToolDefinition<Tag>): ToolDefinition<Tag> {
  return definition;
}
