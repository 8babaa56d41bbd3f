// The fence tags real local models write for our tools. Small models often tag a shell block
// ```sh or ```console and a Python block ```py or ```python3; read as the tool they mean, those run.
// A tag that is neither a tool nor one of its aliases never runs (```cpp stays text). Each tool's
// aliases are declared in its definition (core/tools/defs/).
import { TAG_ALIASES } from '../tools/registry.js';

const ALIAS_TO_TOOL: ReadonlyMap<string, string> = new Map(
  Object.entries(TAG_ALIASES).flatMap(([tool, aliases]) => [[tool, tool] as const, ...aliases.map((a) => [a, tool] as const)]),
);

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
 * the call ```json (the planner, which reads ```json plans, never runs MCP calls).
 */
const FALLBACKS: ReadonlyMap<string, string> = new Map([['json', 'mcp']]);

/** The tool a fence tag means, among `wanted`, or null. Case and aliases do not matter. */
export function toolForTag(tag: string, wanted: ReadonlySet<string>): string | null {
  if (wanted.has(tag)) return tag;
  const tool = ALIAS_TO_TOOL.get(tag.toLowerCase()) ?? tag.toLowerCase();
  if (wanted.has(tool)) return tool;
  const fallback = FALLBACKS.get(tool);
  return fallback !== undefined && wanted.has(fallback) ? fallback : null;
}

/** Whether a fence tag that runs nothing here names code the model may have meant to run. */
export function isForeignCodeTag(tag: string): boolean {
  const lower = tag.toLowerCase();
  return lower !== '' && !TEXT_TAGS.has(lower) && /^[a-z][\w+#.-]*$/.test(lower);
}

/** The tags that run here, each with its aliases, for telling the model (`python` (also py, python3)). */
export function describeTags(tags: readonly string[]): string {
  return tags
    .map((tag) => {
      const aliases = (TAG_ALIASES[tag] ?? []).slice(0, 3);
      return aliases.length ? `\`${tag}\` (or ${aliases.map((a) => `\`${a}\``).join(', ')})` : `\`${tag}\``;
    })
    .join(', ');
}
