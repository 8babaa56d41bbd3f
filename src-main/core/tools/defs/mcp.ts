// mcp: calls a tool of a configured MCP server (core/mcp/mcpTool.ts). What the call does is the
// server's to say: its declared hints refine this default per tool (core/mcp/hints.ts); without
// them a call acts outside and asks unless the user trusts the server or the tool. Its answer is
// outside text, so it taints the session whatever the hints say.
import { defineTool } from '../defineTool.js';

export const MCP_CALL = defineTool({
  tag: 'mcp',
  aliases: ['mcp_call', 'mcp-call'],
  invokedBy: 'block',
  agents: ['mcp'],
  prompt: 'tools/mcp',
  input: 'json',
  policy: { effect: 'acts-outside', network: 'always', resultsToModel: true, untrustedOutput: 'an MCP tool result', check: 'mcp-call' },
  summary: 'Calls a tool of an MCP server the user configured.',
});
