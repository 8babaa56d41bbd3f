// Whether an MCP call asks the user first. Decided in code from the settings, never by the model.
import type { McpServerConfig } from '../../common/settings.js';
import type { ApprovalVerdict } from '../ports.js';
import type { McpCallRef } from './types.js';

export interface McpTrust {
  servers: readonly Pick<McpServerConfig, 'name' | 'trusted' | 'trustedTools'>[];
  /** The app's approval mode; 'ask-risky' when absent. */
  mode?: 'ask-risky' | 'ask-all' | 'allow-all';
}

/**
 * Every call asks unless its server or the tool itself is marked trusted. 'allow-all' never asks;
 * 'ask-all' asks even for trusted tools.
 */
export function mcpCallNeedsApproval(call: McpCallRef, trust: McpTrust): ApprovalVerdict {
  const mode = trust.mode ?? 'ask-risky';
  if (mode === 'allow-all') return { action: 'allow' };
  if (mode === 'ask-all') return { action: 'ask', reasons: ['approval mode asks before every action'] };
  const server = trust.servers.find((s) => s.name === call.server);
  if (server?.trusted || server?.trustedTools.includes(call.tool)) return { action: 'allow' };
  return { action: 'ask', reasons: [`MCP tool "${call.tool}" of server "${call.server}" is not marked trusted`] };
}

/** The `isTrusted` predicate createMcpTool takes, read from the settings. */
export const mcpTrustPredicate =
  (trust: () => McpTrust) =>
  (server: string, tool: string): boolean =>
    mcpCallNeedsApproval({ server, tool }, trust()).action === 'allow';
