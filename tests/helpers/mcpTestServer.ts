// A small stdio MCP server for the MCP client's tests, written with the same SDK.
// Tools: `echo` (required `text`, optional integer `times` ≥ 1) and `snapshot` (no required
// argument, declared read-only; returns a text and a 1×1 PNG; `{"crash": true}` makes the process exit abruptly,
// which is how the tests simulate a server crash). Setting MCP_TEST_FAIL_START=1 makes it exit
// before answering the handshake. It counts its starts in the file named by MCP_TEST_STARTS, if set.
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

if (process.env.MCP_TEST_STARTS) appendFileSync(process.env.MCP_TEST_STARTS, `${process.pid}\n`);
if (process.env.MCP_TEST_FAIL_START === '1') {
  process.stderr.write('test server: refusing to start\n');
  process.exit(3);
}

const server = new McpServer({ name: 'agentic-test-server', version: '1.0.0' });

server.registerTool(
  'echo',
  {
    description: 'Repeats the given text.',
    inputSchema: { text: z.string().describe('The text to repeat'), times: z.number().int().min(1).optional() },
  },
  async ({ text, times }) => ({
    content: [
      {
        type: 'text',
        text: Array(times ?? 1)
          .fill(text)
          .join(' '),
      },
    ],
  }),
);

server.registerTool(
  'snapshot',
  {
    description: 'Returns a tiny image. With crash=true the server process dies instead.',
    inputSchema: { crash: z.boolean().optional() },
    // Declared read-only (core/mcp/hints.ts): its calls run without asking in the default mode. `echo` declares nothing.
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async ({ crash }) => {
    if (crash) {
      process.stderr.write('test server: crashing on request\n');
      process.exit(1);
    }
    return {
      content: [
        { type: 'text', text: 'a 1x1 image' },
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      ],
    };
  },
);

await server.connect(new StdioServerTransport());
