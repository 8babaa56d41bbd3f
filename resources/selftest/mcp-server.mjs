// The model self-test's local MCP server (issue 25): one tool whose answer the model cannot know
// without calling it, so the battery's mcp task is scored on what the turn did. Plain JavaScript
// over stdio with the official SDK, started by the battery with the app's own runtime
// (process.execPath); it reads nothing and writes nothing.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const CODES = { north: 'HERON-7', south: 'OSPREY-3' };

const server = new McpServer({ name: 'agentic-selftest', version: '1.0.0' });

server.registerTool(
  'tower_code',
  {
    description: "Returns the access code of one of the harbour's towers.",
    inputSchema: { tower: z.string().describe('The tower: north or south') },
  },
  async ({ tower }) => {
    const code = CODES[tower.trim().toLowerCase().replace(/\s*tower$/, '')];
    return code
      ? { content: [{ type: 'text', text: `The access code of the ${tower} tower is ${code}.` }] }
      : { content: [{ type: 'text', text: `There is no tower named "${tower}". Towers: north, south.` }], isError: true };
  },
);

await server.connect(new StdioServerTransport());
