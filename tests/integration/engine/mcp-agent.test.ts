// The mcp agent through the real engine and a real stdio MCP server: the tool list reaches the
// prompt, an untrusted call asks the user first, the result is fed back, the loop ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../../src-main/common/settings.js';
import type { ApprovalRequest } from '../../../src-main/core/ports.js';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';
import { transpileForNode } from '../../helpers/transpile.js';

let dir: string;
let server: McpServerConfig;
let t: TestApp | null = null;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-mcp-agent-'));
  const js = transpileForNode(resolve(import.meta.dirname, '../../helpers/mcpTestServer.ts'), join(dir, 'build'));
  server = { name: 'demo', transport: 'stdio', command: process.execPath, args: [js], env: {}, trusted: false, trustedTools: [] };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
  t = null;
});

const call = fence('mcp', JSON.stringify({ server: 'demo', tool: 'echo', arguments: { text: 'MCP-ROUND-TRIP' } }));

describe('mcp agent', () => {
  it('lists the server tools in its prompt, asks before an untrusted call, and answers with the result', { timeout: 120_000 }, async () => {
    const asked: ApprovalRequest[] = [];
    t = await startTestApp([call, 'The server echoed MCP-ROUND-TRIP.'], {
      settings: { mcpServers: [server] },
      askUser: async (r) => (asked.push(r), true),
    });
    const out = await t.turn(t.newSession(), 'echo something through the demo server', 'mcp');
    expect(out.status).toBe('done');
    expect(t.replay().calls[0]![0]!.content).toMatch(/echo/);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.command).toContain('MCP-ROUND-TRIP');
    const [block] = t.of('block.finished', out.turnId);
    expect(block).toMatchObject({ tool: 'mcp', status: 'ok' });
    expect(block!.output).toContain('MCP-ROUND-TRIP');
    // An observation-only reply goes back to the model, which answers with it.
    expect(out.llmCalls).toBe(2);
    expect(
      t
        .replay()
        .calls[1]!.map((m) => m.content)
        .join('\n'),
    ).toContain('MCP-ROUND-TRIP');
    expect(out.answer).toBe('The server echoed MCP-ROUND-TRIP.');
  });

  it('a declined call is never made, and the model is told', { timeout: 120_000 }, async () => {
    t = await startTestApp([call, 'Understood.'], { settings: { mcpServers: [server] }, askUser: async () => false });
    const out = await t.turn(t.newSession(), 'echo', 'mcp');
    expect(t.of('block.finished', out.turnId)[0]).toMatchObject({ status: 'declined' });
    expect(t.replay().calls[1]!.at(-1)!.content).toMatch(/declined/);
  });

  it('a tool its server declares read-only runs without asking, and its answer still taints the turn', { timeout: 120_000 }, async () => {
    const asked: ApprovalRequest[] = [];
    const snapshot = fence('mcp', JSON.stringify({ server: 'demo', tool: 'snapshot', arguments: {} }));
    // `echo` is trusted here, so only the taint can make it ask.
    const settings = { mcpServers: [{ ...server, trustedTools: ['echo'] }] };
    t = await startTestApp([snapshot, call, 'Done.'], { settings, askUser: async (r) => (asked.push(r), false) });
    const out = await t.turn(t.newSession(), 'take a snapshot through the demo server', 'mcp');
    const blocks = t.of('block.finished', out.turnId);
    expect(blocks[0]).toMatchObject({ tool: 'mcp', status: 'ok' });
    expect(blocks[0]!.output).toContain('a 1x1 image');
    // The read ran unasked; the trusted call after it asks because the MCP answer is untrusted text.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ tool: 'mcp', reasons: [expect.stringContaining('an MCP tool result')] });
    expect(blocks[1]).toMatchObject({ tool: 'mcp', status: 'declined' });
  });

  it('a trusted server runs without asking', { timeout: 120_000 }, async () => {
    let asked = 0;
    t = await startTestApp([call, 'Done.'], { settings: { mcpServers: [{ ...server, trusted: true }] }, askUser: async () => (asked++, false) });
    const out = await t.turn(t.newSession(), 'echo', 'mcp');
    expect(asked).toBe(0);
    expect(t.of('block.finished', out.turnId)[0]).toMatchObject({ status: 'ok' });
  });
});
