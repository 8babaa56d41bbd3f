// Whether an MCP call asks the user first. Decided in code from the settings, never by the model.
import { askUnderMode, DEFAULT_APPROVAL_MODE, type ApprovalMode } from '../../common/approvalModes.js';
import type { McpServerConfig } from '../../common/settings.js';
import type { ApprovalVerdict, Block } from '../ports.js';
import { declaredRisks, mcpToolPolicy, type McpToolHints } from './hints.js';
import type { McpCallInspection } from './mcpTool.js';
import type { McpCallRef } from './types.js';

export interface McpTrust {
  servers: readonly Pick<McpServerConfig, 'name' | 'trusted' | 'trustedTools'>[];
  /** The app's approval mode; the default mode when absent. */
  mode?: ApprovalMode;
}

/**
 * A call is risky unless its server or the tool itself is marked trusted, or its server declares the
 * tool read-only (hints.ts); the mode decides the rest.
 */
export function mcpCallNeedsApproval(call: McpCallRef, trust: McpTrust, hints?: McpToolHints): ApprovalVerdict {
  const server = trust.servers.find((s) => s.name === call.server);
  const trusted = server?.trusted === true || server?.trustedTools.includes(call.tool) === true;
  const reads = mcpToolPolicy(hints).effect === 'reads';
  const risks = trusted || reads ? [] : [`MCP tool "${call.tool}" of server "${call.server}" is not marked trusted`, ...declaredRisks(hints)];
  const reasons = askUnderMode(trust.mode ?? DEFAULT_APPROVAL_MODE, risks);
  return reasons.length > 0 ? { action: 'ask', reasons } : { action: 'allow' };
}

/**
 * The judge's 'mcp-call' check (MCP_CALL's row names it): the trust settings and the hints the
 * server declared for the called tool (null until the server listed its tools: then nothing is
 * declared and the call is judged as acting outside).
 */
export function mcpCallCheck(
  inspect: (block: Block) => Pick<McpCallInspection, 'call'>,
  trust: () => McpTrust,
  hintsFor: (call: McpCallRef) => McpToolHints | undefined,
): (block: Block) => ApprovalVerdict {
  return (block) => {
    const call = inspect(block).call;
    // Unreadable: the tool answers with feedback and calls nothing.
    return call ? mcpCallNeedsApproval(call, trust(), hintsFor(call)) : { action: 'allow' };
  };
}
