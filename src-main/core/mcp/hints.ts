// An MCP tool's policy from what its server declares (the MCP spec's tool annotations), as Goose's
// smart approval reads them: a tool that declares `readOnlyHint: true` reads, so in the default
// mode its calls run without asking, like file_finder's; any other tool acts outside and asks unless
// the user trusts it. `destructiveHint` (the spec's default: true) and `openWorldHint` (default: true)
// only matter for a tool that is not read-only; a read-only claim next to `destructiveHint: true`
// contradicts itself and is not believed. The hints are the server's word, not a guarantee: the user
// chose to install the server, and its answers still taint the session whatever it declares.
import type { ToolPolicy } from '../tools/defineTool.js';
import { MCP_CALL } from '../tools/defs/mcp.js';

/** The tool annotations of the MCP spec; absent ones take the spec's defaults. */
export interface McpToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Only booleans are hints: anything else a server sends is ignored (never read as true). */
export function hintsOf(annotations: unknown): McpToolHints | undefined {
  if (typeof annotations !== 'object' || annotations === null) return undefined;
  const hints: McpToolHints = {};
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    const value = (annotations as Record<string, unknown>)[key];
    if (typeof value === 'boolean') hints[key] = value;
  }
  return Object.keys(hints).length > 0 ? hints : undefined;
}

export const declaresReadOnly = (hints: McpToolHints | undefined): boolean => hints?.readOnlyHint === true && hints.destructiveHint !== true;

/** The mcp tool's policy for one server tool: MCP_CALL's row, with the effect its hints declare. */
export function mcpToolPolicy(hints: McpToolHints | undefined): ToolPolicy {
  return declaresReadOnly(hints) ? { ...MCP_CALL.policy, effect: 'reads' } : MCP_CALL.policy;
}

/** What the approval dialog says about a tool that is not read-only, from what its server declares. */
export function declaredRisks(hints: McpToolHints | undefined): string[] {
  if (!hints || declaresReadOnly(hints)) return [];
  const risks: string[] = [];
  if (hints.destructiveHint === true) risks.push('its server declares it destructive (it may delete or overwrite data)');
  if (hints.openWorldHint === true) risks.push('its server declares that it reaches outside services');
  return risks;
}
