// The model self-test's local MCP server (issue 25): one tool whose answer the model cannot know
// without calling it, so the battery's mcp task is scored on what the turn did. Served in process
// over streamable HTTP on the fixture page's loopback server, so it runs wherever the battery does:
// the packaged desktop app cannot start a child Node (its RunAsNode fuse is off, build/fuses.mjs).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const CODES: Record<string, string> = { north: 'HERON-7', south: 'OSPREY-3' };

function towerServer(): McpServer {
  const server = new McpServer({ name: 'agentic-selftest', version: '1.0.0' });
  server.registerTool(
    'tower_code',
    {
      description: "Returns the access code of one of the harbour's towers.",
      inputSchema: { tower: z.string().describe('The tower: north or south') },
    },
    async ({ tower }) => {
      const code =
        CODES[
          tower
            .trim()
            .toLowerCase()
            .replace(/\s*tower$/, '')
        ];
      return code
        ? { content: [{ type: 'text' as const, text: `The access code of the ${tower} tower is ${code}.` }] }
        : { content: [{ type: 'text' as const, text: `There is no tower named "${tower}". Towers: north, south.` }], isError: true };
    },
  );
  return server;
}

/** Serves one MCP request; stateless, as the local API's /mcp: a server and transport per request. */
export async function handleTowerRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const server = towerServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
