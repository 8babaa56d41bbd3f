// The one table of block tools and their policy. The approval judge reads how to check a block,
// the code loop whether its results go back to the model, the turn context whether its output is
// untrusted text. A tag nobody declares here is judged "ask": nothing says what it would do.
// The code languages' rows come from their table in common/languages.ts.
import { CODE_LANGUAGES, type SourceLanguage } from '../../common/languages.js';

/** What running a block of the tool does. */
export type ToolEffect =
  /** Executes code the model wrote (in the sandbox). */
  | 'runs-code'
  /** Reads the workspace or the web, changes nothing. */
  | 'reads'
  /** Acts on a service outside the app (an MCP server's tool). */
  | 'acts-outside'
  /** Structure for the app itself (the planner's JSON); nothing runs. */
  | 'plans';

/** The rules the judge applies to the block's text (see core/approval/judge.ts). */
export type ToolCheck = 'shell' | SourceLanguage | 'mcp-call' | 'none';

export interface ToolPolicy {
  readonly tag: string;
  readonly effect: ToolEffect;
  /**
   * Its results are information for the model: a reply made of such blocks alone goes on to the
   * model with their results instead of ending the loop.
   */
  readonly resultsToModel: boolean;
  /** Names the outside source when its output is untrusted text (the session stays tainted while the text is in memory). */
  readonly untrustedOutput: string | null;
  readonly check: ToolCheck;
}

export const TOOL_POLICIES: readonly ToolPolicy[] = [
  ...CODE_LANGUAGES.map((l): ToolPolicy => ({ tag: l.id, effect: 'runs-code', resultsToModel: false, untrustedOutput: null, check: l.judge === 'shell' ? 'shell' : l.id })),
  // Confined to the workspace by its own path guard; a file the user marked untrusted taints through its result.
  { tag: 'file_finder', effect: 'reads', resultsToModel: true, untrustedOutput: null, check: 'none' },
  { tag: 'mcp', effect: 'acts-outside', resultsToModel: true, untrustedOutput: 'an MCP tool result', check: 'mcp-call' },
  { tag: 'web_search', effect: 'reads', resultsToModel: true, untrustedOutput: 'web search results', check: 'none' },
  { tag: 'json', effect: 'plans', resultsToModel: false, untrustedOutput: null, check: 'none' },
];

/** Every tag a block may have; matched exactly, never by prefix. */
export const TOOL_TAGS: readonly string[] = TOOL_POLICIES.map((p) => p.tag);

const BY_TAG: ReadonlyMap<string, ToolPolicy> = new Map(TOOL_POLICIES.map((p) => [p.tag, p]));

export function toolPolicy(tag: string): ToolPolicy | undefined {
  return BY_TAG.get(tag);
}

/** Tags whose blocks execute code. */
export const CODE_TAGS: readonly string[] = TOOL_POLICIES.filter((p) => p.effect === 'runs-code').map((p) => p.tag);
