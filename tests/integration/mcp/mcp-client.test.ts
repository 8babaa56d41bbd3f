import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../../src-main/common/settings.js';
import { createMcpTool } from '../../../src-main/core/mcp/mcpTool.js';
import type { McpStatusChange } from '../../../src-main/core/mcp/types.js';
import type { Block, ToolContext } from '../../../src-main/core/ports.js';
import { McpManager } from '../../../src-main/node/mcp/manager.js';
import { transpileForNode } from '../../helpers/transpile.js';

let dir: string;
let serverJs: string;
let manager: McpManager | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-mcp-'));
  serverJs = transpileForNode(resolve(import.meta.dirname, '../../helpers/mcpTestServer.ts'), join(dir, 'build'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

const stdioServer = (name: string, env: Record<string, string> = {}): McpServerConfig => ({
  name,
  transport: 'stdio',
  command: process.execPath,
  args: [serverJs],
  env,
  trusted: false,
  trustedTools: [],
});

const signal = () => AbortSignal.timeout(20_000);

function start(configs: McpServerConfig[]) {
  const events: McpStatusChange[] = [];
  manager = new McpManager(configs, { onStatus: (e) => events.push(e) });
  return { manager, events };
}

const block = (code: string): Block => ({ id: 'b1', tag: 'mcp', code, savePath: null, params: {}, start: 0, end: code.length });
const toolContext = (output: string[] = []): ToolContext => ({
  workspace: dir,
  signal: signal(),
  turnId: 't1',
  blockId: 'b1',
  onOutput: (d) => output.push(d),
  timeoutMs: 20_000,
});

describe('McpManager against a real stdio server', () => {
  it('starts the server on demand and lists both tools with their JSON schemas', async () => {
    const { manager, events } = start([stdioServer('test')]);
    expect(manager.servers()[0]?.status).toBe('stopped');
    const tools = await manager.listTools(signal());
    expect(tools.map((t) => t.name).sort()).toEqual(['echo', 'snapshot']);
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo).toMatchObject({ server: 'test', description: 'Repeats the given text.' });
    expect(echo.inputSchema).toMatchObject({ type: 'object', required: ['text'], properties: { text: { type: 'string' } } });
    // The server's declared hints come through as booleans; a tool that declares nothing has none.
    expect(echo.hints).toBeUndefined();
    expect(tools.find((t) => t.name === 'snapshot')!.hints).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(manager.listedTool('test', 'snapshot')?.hints?.readOnlyHint).toBe(true);
    expect(manager.listedTool('test', 'nope')).toBeUndefined();
    expect(events.map((e) => e.status)).toEqual(['starting', 'ready']);
  });

  it('a valid call returns the text, and images come back as attachments', async () => {
    const { manager } = start([stdioServer('test')]);
    expect(await manager.callTool('test', 'echo', { text: 'hi', times: 2 }, signal())).toEqual({ text: 'hi hi', attachments: [], isError: false });
    const snap = await manager.callTool('test', 'snapshot', {}, signal());
    expect(snap.text).toBe('a 1x1 image');
    expect(snap.attachments).toEqual([{ mime: 'image/png', data: expect.stringMatching(/^iVBOR/) }]);
  });

  it('refuses invalid arguments before the call reaches the server', async () => {
    const starts = join(dir, 'starts-invalid.txt');
    writeFileSync(starts, '');
    const { manager } = start([stdioServer('test', { MCP_TEST_STARTS: starts })]);
    await manager.listTools(signal());
    // `snapshot` with crash=true would kill the server: a string "true" must be refused here, not sent.
    await expect(manager.callTool('test', 'snapshot', { crash: 'true' }, signal())).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('arguments/crash must be boolean'),
    });
    await expect(manager.callTool('test', 'echo', {}, signal())).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining("must have required property 'text'"),
    });
    // The server is still the first process: nothing crashed it.
    expect(await manager.callTool('test', 'echo', { text: 'still alive' }, signal())).toMatchObject({ text: 'still alive' });
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('a server that crashes is restarted once, then reported as failed', async () => {
    const starts = join(dir, 'starts-crash.txt');
    writeFileSync(starts, '');
    const { manager, events } = start([stdioServer('test', { MCP_TEST_STARTS: starts })]);
    await expect(manager.callTool('test', 'snapshot', { crash: true }, signal())).rejects.toMatchObject({
      code: 'MCP_ERROR',
      message: expect.stringContaining('stopped during the call'),
    });
    // The restarted server answers.
    expect(await manager.callTool('test', 'echo', { text: 'back' }, signal())).toMatchObject({ text: 'back' });
    await expect(manager.callTool('test', 'snapshot', { crash: true }, signal())).rejects.toMatchObject({ code: 'MCP_ERROR' });
    await expect.poll(() => manager.servers()[0]?.status).toBe('failed');
    await expect(manager.callTool('test', 'echo', { text: 'x' }, signal())).rejects.toMatchObject({
      code: 'MCP_ERROR',
      message: expect.stringContaining('Crashed again after a restart'),
    });
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(events.map((e) => e.status)).toEqual(['starting', 'ready', 'starting', 'ready', 'failed']);
    expect(events.at(-1)?.message).toContain('crashing on request');
    // The settings' Test button gives it a new chance.
    expect((await manager.testServer('test', signal())).map((t) => t.name)).toContain('echo');
  });

  it('a server that cannot start is reported failed with its stderr, and unknown names are NOT_FOUND', async () => {
    const { manager, events } = start([stdioServer('broken', { MCP_TEST_FAIL_START: '1' }), stdioServer('test')]);
    // One broken server does not hide the others' tools.
    expect((await manager.listTools(signal())).map((t) => t.server)).toEqual(['test', 'test']);
    expect(events.find((e) => e.server === 'broken' && e.status === 'failed')?.message).toContain('refusing to start');
    await expect(manager.callTool('nope', 'echo', {}, signal())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(manager.callTool('test', 'nope', {}, signal())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('McpManager settings changes', () => {
  it('a trust change keeps the running server; a changed command restarts it; a removed server is closed', async () => {
    const starts = join(dir, 'starts-settings.txt');
    writeFileSync(starts, '');
    const first = stdioServer('test', { MCP_TEST_STARTS: starts });
    const { manager, events } = start([first]);
    await manager.callTool('test', 'echo', { text: 'a' }, signal());
    await manager.setServers([{ ...first, trusted: true }]);
    await manager.callTool('test', 'echo', { text: 'b' }, signal());
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(manager.servers()[0]?.config.trusted).toBe(true);

    await manager.setServers([stdioServer('test', { MCP_TEST_STARTS: starts, EXTRA: '1' })]);
    await manager.callTool('test', 'echo', { text: 'c' }, signal());
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(2);

    await manager.setServers([]);
    expect(manager.serverNames()).toEqual([]);
    expect(events.at(-1)).toMatchObject({ server: 'test', status: 'stopped' });
  });
});

describe('the mcp block tool over a real server', () => {
  it('runs a valid block and streams its output', async () => {
    const { manager } = start([stdioServer('test')]);
    const tool = createMcpTool(manager);
    const output: string[] = [];
    const result = await tool.run(block('{"server":"test","tool":"echo","arguments":{"text":"hello"}}'), toolContext(output));
    expect(result).toMatchObject({ status: 'ok', output: 'hello' });
    expect(output).toEqual(['hello']);
    const snap = await tool.run(block(`{'server': 'test', 'tool': 'snapshot',}`), toolContext());
    expect(snap.status).toBe('ok');
    expect(snap.attachments?.[0]?.mime).toBe('image/png');
  });

  it('gives precise feedback for an unknown server, an unknown tool and invalid arguments, with the schema', async () => {
    const { manager } = start([stdioServer('test')]);
    const tool = createMcpTool(manager);
    const unknownServer = await tool.run(block('{"server":"tset","tool":"echo","arguments":{}}'), toolContext());
    expect(unknownServer).toMatchObject({ status: 'failed', feedback: expect.stringContaining('Configured servers: "test"') });
    const unknownTool = await tool.run(block('{"server":"test","tool":"ecko","arguments":{}}'), toolContext());
    expect(unknownTool.feedback).toContain('Its tools: "echo", "snapshot"');
    const invalid = await tool.run(block('{"server":"test","tool":"echo","arguments":{"times":0}}'), toolContext());
    expect(invalid.status).toBe('failed');
    expect(invalid.feedback).toContain("must have required property 'text'");
    expect(invalid.feedback).toContain('- text (string, required)');
    expect(invalid.feedback).toContain('"required":["text"]');
  });
});
