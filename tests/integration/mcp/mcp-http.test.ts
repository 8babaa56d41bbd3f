import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpManager } from '../../../src-main/node/mcp/manager.js';

// A stateless streamable-HTTP MCP server on 127.0.0.1 that demands a bearer token.
let http: Server;
let url: string;
const TOKEN = 'test-token-123';

beforeAll(async () => {
  http = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401).end('missing token');
      return;
    }
    const mcp = new McpServer({ name: 'http-test', version: '1.0.0' });
    mcp.registerTool('shout', { description: 'Upper-cases text.', inputSchema: { text: z.string() } }, async ({ text }) => ({
      content: [{ type: 'text', text: text.toUpperCase() }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const config = (headers: Record<string, string>) => ({ name: 'web', transport: 'http' as const, url, headers, trusted: false, trustedTools: [] });

it('reaches a streamable HTTP server with the configured headers, and validates before calling', async () => {
  const manager = new McpManager([config({ Authorization: `Bearer ${TOKEN}` })]);
  try {
    expect((await manager.listTools()).map((t) => t.name)).toEqual(['shout']);
    expect(await manager.callTool('web', 'shout', { text: 'hi' }, AbortSignal.timeout(10_000))).toMatchObject({ text: 'HI' });
    await expect(manager.callTool('web', 'shout', { text: 1 }, AbortSignal.timeout(10_000))).rejects.toMatchObject({ code: 'BAD_INPUT' });
  } finally {
    await manager.dispose();
  }
});

it('an HTTP server refusing the headers is reported failed, not hung', async () => {
  const statuses: string[] = [];
  const manager = new McpManager([config({})], { onStatus: (e) => statuses.push(e.status) });
  try {
    await expect(manager.serverTools('web', AbortSignal.timeout(10_000))).rejects.toMatchObject({ code: 'MCP_ERROR' });
    expect(statuses).toEqual(['starting', 'failed']);
  } finally {
    await manager.dispose();
  }
});
