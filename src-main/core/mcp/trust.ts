// Whether an MCP call asks the user first. Decided in code from the settings, never by the model.
import { askUnderMode, DEFAULT_APPROVAL_MODE, type ApprovalMode } from '../../common/approvalModes.js';
import type { McpServerConfig } from '../../common/settings.js';
import type { ApprovalVerdict } from '../ports.js';
import type { McpCallRef } from './types.js';

export interface McpTrust {
  servers: readonly Pick<McpServerConfig, 'name' | 'trusted' | 'trustedTools'>[];
  /** The app's approval mode; the default mode when absent. */
  mode?: ApprovalMode;
}

/** A call is risky unless its server or the tool itself is marked trusted; the mode decides the rest. */
export function mcpCallNeedsApproval(call: McpCallRef, trust: McpTrust): ApprovalVerdict {
  const server = trust.servers.find((s) => s.name === call.server);
  const trusted = server?.trusted === true || server?.trustedTools.includes(call.tool) === true;
  const risks = trusted ? [] : [`MCP tool "${call.tool}" of server "${call.server}" is not marked trusted`];
  const reasons = askUnderMode(trust.mode ?? DEFAULT_APPROVAL_MODE, risks);
  return reasons.length > 0 ? { action: 'ask', reasons } : { action: 'allow' };
}

/** The `isTrusted` predicate createMcpTool takes, read from the settings. */
export const mcpTrustPredicate =
  (trust: () => McpTrust) =>
  (server: string, tool: string): boolean =>
    mcpCallNeedsApproval({ server, tool }, trust()).action === 'allow';
