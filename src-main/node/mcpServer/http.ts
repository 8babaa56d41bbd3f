// MCP over streamable HTTP at the local API's /mcp, behind its gate (token, Host, Origin). Stateless:
// each request gets its own server and transport, so nothing of one client's session lingers.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpHttpHandler } from '../api/server.js';
import type { LentDeps } from './lent.js';
import { createAgenticMcpServer } from './server.js';

export function createMcpHttpHandler(deps: LentDeps, version: string): McpHttpHandler {
  return async (req, res, body) => {
    const server = createAgenticMcpServer(deps, version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}
