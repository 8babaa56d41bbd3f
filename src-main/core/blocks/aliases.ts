// The fence tags real local models write for our tools. Small models often tag a shell block
// ```sh or ```console and a Python block ```py or ```python3; read as the tool they mean, those run.
// A tag that is neither an offered tool's nor one of its aliases never runs (```cpp stays text).
// Each tool's aliases are declared in its definition (`defineTool`).
import type { ToolDefinition } from '../tools/defineTool.js';

/** The offered tools by each tag that means them: their own tags, then their aliases in lower case. */
export type ToolIndex = ReadonlyMap<string, ToolDefinition>;

export function toolIndex(tools: readonly ToolDefinition[]): ToolIndex {
  const index = new Map<string, ToolDefinition>();
  for (const tool of tools) index.set(tool.tag, tool);
  for (const tool of tools) for (const alias of tool.aliases) if (!index.has(alias)) index.set(alias, tool);
  return index;
}

/**
 * Fence tags that hold text or data rather than a program: an "Expected output" fence, a JSON
 * example, a table. A reply with only these has nothing the model meant to run.
 */
const TEXT_TAGS = new Set(
  'text txt plain plaintext output out result results log logs stdout stderr json jsonc json5 yaml yml toml ini csv tsv xml md markdown diff patch env properties none nohighlight'.split(
    ' ',
  ),
);

/**
 * Tags that mean a tool only where their own tool is not offered: the MCP agent's models often tag
 * the call ```json, or ```jsonc when they comment it (the planner, which reads ```json plans, never
 * runs MCP calls).
 */
const FALLBACKS: ReadonlyMap<string, string> = new Map(['json', 'jsonc', 'json5'].map((tag) => [tag, 'mcp']));

/** The tool a fence tag means, among the offered ones, or null. Case and aliases do not matter. */
export function toolForTag(tag: string, offered: ToolIndex): ToolDefinition | null {
  const tool = offered.get(tag) ?? offered.get(tag.toLowerCase());
  if (tool) return tool;
  const fallback = FALLBACKS.get(tag.toLowerCase());
  return fallback !== undefined ? (offered.get(fallback) ?? null) : null;
}

/** Whether a fence tag that runs nothing here names code the model may have meant to run. */
export function isForeignCodeTag(tag: string): boolean {
  const lower = tag.toLowerCase();
  return lower !== '' && !TEXT_TAGS.has(lower) && /^[a-z][\w+#.-]*$/.test(lower);
}

/** The tags that run here, each with its aliases, for telling the model (`python` (or `py`, `python3`)). */
export function describeTools(tools: readonly ToolDefinition[]): string {
  return tools
    .map(({ tag, aliases: all }) => {
      const aliases = all.slice(0, 3);
      return aliases.length ? `\`${tag}\` (or ${aliases.map((a) => `\`${a}\``).join(', ')})` : `\`${tag}\``;
    })
    .join(', ');
}
