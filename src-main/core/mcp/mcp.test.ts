import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors.js';
import { assemblePrompt } from '../prompts.js';
import type { Block, ToolContext } from '../ports.js';
import { declaredRisks, hintsOf, mcpToolPolicy } from './hints.js';
import { mcpCallCheck, mcpCallNeedsApproval } from './trust.js';
import { formatToolList } from './format.js';
import { createMcpTool } from './mcpTool.js';
import { parseMcpCall } from './parseCall.js';
import type { McpClientPort, McpToolInfo } from './types.js';

const echo: McpToolInfo = {
  server: 'files',
  name: 'echo',
  description: 'Repeats\n the text.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'what to say' }, mode: { enum: ['loud', 'quiet'] }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['text'],
  },
};
const ping: McpToolInfo = { server: 'alpha', name: 'ping', description: '', inputSchema: { type: 'object' } };

describe('parseMcpCall', () => {
  it('repairs almost-JSON a model writes and defaults missing arguments to {}', () => {
    expect(parseMcpCall(`{'server': 'a', 'tool': 'b',}`)).toEqual({ ok: true, call: { server: 'a', tool: 'b', arguments: {} }, repaired: true });
    expect(parseMcpCall('{"server":"a","tool":"b","arguments":null}')).toMatchObject({ ok: true, repaired: false });
  });

  it('names the exact problem: empty block, missing tool, wrong key, non-object arguments', () => {
    expect(parseMcpCall('  ')).toEqual({ ok: false, problem: 'The mcp block is empty.' });
    expect(parseMcpCall('{"server":"a"}')).toMatchObject({ ok: false, problem: expect.stringContaining('"tool" Required') });
    expect(parseMcpCall('{"server":"a","tool":"b","args":{}}')).toMatchObject({ ok: false, problem: expect.stringContaining('unexpected key(s) "args"') });
    expect(parseMcpCall('{"server":"a","tool":"b","arguments":[1]}')).toMatchObject({ ok: false, problem: expect.stringContaining('"arguments"') });
  });
});

describe('mcpCallNeedsApproval', () => {
  const servers = [
    { name: 'trusted', trusted: true, trustedTools: [] },
    { name: 'mixed', trusted: false, trustedTools: ['read'] },
  ];
  it('asks for every call unless the server or that tool is trusted', () => {
    expect(mcpCallNeedsApproval({ server: 'trusted', tool: 'x' }, { servers })).toEqual({ action: 'allow' });
    expect(mcpCallNeedsApproval({ server: 'mixed', tool: 'read' }, { servers })).toEqual({ action: 'allow' });
    expect(mcpCallNeedsApproval({ server: 'mixed', tool: 'write' }, { servers })).toMatchObject({ action: 'ask' });
    expect(mcpCallNeedsApproval({ server: 'unknown', tool: 'read' }, { servers })).toMatchObject({ action: 'ask' });
  });
  it('follows the approval mode: allow-all never asks, ask-all asks even trusted tools', () => {
    expect(mcpCallNeedsApproval({ server: 'mixed', tool: 'write' }, { servers, mode: 'allow-all' })).toEqual({ action: 'allow' });
    expect(mcpCallNeedsApproval({ server: 'trusted', tool: 'x' }, { servers, mode: 'ask-all' })).toMatchObject({ action: 'ask' });
  });
});

describe('formatToolList and the mcp prompt', () => {
  it('lists tools by server with argument names, types and required flags', () => {
    expect(formatToolList([echo, ping])).toMatchInlineSnapshot(`
      "### alpha / ping
      (no description)
      Arguments: none

      ### files / echo
      Repeats the text.
      Arguments:
        - text (string, required): what to say
        - mode ("loud" | "quiet", optional)
        - tags (array of string, optional)"
    `);
    expect(formatToolList([])).toBe('No MCP tool is available right now.');
  });

  it('prompts/mcp.md fills every slot it uses', () => {
    const prompts = { get: (name: string) => readFileSync(resolve(import.meta.dirname, '../../../prompts', `${name}.md`), 'utf8') };
    const text = assemblePrompt(prompts, 'mcp', { os: 'Linux', workspace: '/ws', languages: [], language: 'en', date: '2026-01-01', tools: formatToolList([echo]) });
    expect(text).toContain('### files / echo');
    expect(text).toContain('/ws');
    expect(text).not.toMatch(/\{\{/);
  });
});

describe('createMcpTool', () => {
  const block = (code: string): Block => ({ id: 'b', tag: 'mcp', code, savePath: null, params: {}, start: 0, end: 0 });
  const ctx = (): ToolContext => ({ workspace: '/ws', signal: new AbortController().signal, turnId: 't', blockId: 'b', onOutput: () => {}, timeoutMs: 1000 });
  const port = (callTool: McpClientPort['callTool']): McpClientPort => ({ serverNames: () => ['files'], serverTools: async () => [echo], callTool });

  it("inspect exposes the call; the judge's check built on it asks only for untrusted tools; a malformed block asks nothing and calls nothing", () => {
    const tool = createMcpTool(port(async () => ({ text: '', attachments: [], isError: false })));
    const check = mcpCallCheck(
      (b) => tool.inspect(b),
      () => ({ servers: [{ name: 'files', trusted: false, trustedTools: ['echo'] }] }),
      () => undefined,
    );
    expect(tool.inspect(block('{"server":"files","tool":"echo","arguments":{"text":"x"}}'))).toMatchObject({ command: 'files / echo {"text":"x"}' });
    expect(check(block('{"server":"files","tool":"echo","arguments":{"text":"x"}}'))).toEqual({ action: 'allow' });
    expect(check(block('{"server":"files","tool":"other"}'))).toMatchObject({ action: 'ask' });
    expect(tool.inspect(block('not json at all {')).call).toBeNull();
    expect(check(block('not json at all {'))).toEqual({ action: 'allow' });
  });

  it('maps a server-side error to failed, cancellation to cancelled and a dead server to error', async () => {
    const isError = createMcpTool(port(async () => ({ text: 'no such file', attachments: [], isError: true })));
    const code = '{"server":"files","tool":"echo","arguments":{"text":"x"}}';
    expect(await isError.run(block(code), ctx())).toMatchObject({ status: 'failed', output: 'no such file' });
    const cancelled = createMcpTool(
      port(async () => {
        throw new AppError('CANCELLED', 'Cancelled.');
      }),
    );
    expect((await cancelled.run(block(code), ctx())).status).toBe('cancelled');
    const dead = createMcpTool(
      port(async () => {
        throw new AppError('MCP_ERROR', 'server "files" failed');
      }),
    );
    expect(await dead.run(block(code), ctx())).toMatchObject({ status: 'error', feedback: expect.stringContaining('Do not retry') });
  });
});

describe("an MCP tool's policy from its server's declared hints", () => {
  const servers = [{ name: 'plain', trusted: false, trustedTools: [] }];
  const call = { server: 'plain', tool: 'lookup' };
  it('a read-only tool reads: no ask in the default mode, still in ask-all; its answer stays untrusted', () => {
    expect(mcpCallNeedsApproval(call, { servers }, { readOnlyHint: true })).toEqual({ action: 'allow' });
    expect(mcpCallNeedsApproval(call, { servers, mode: 'ask-all' }, { readOnlyHint: true })).toMatchObject({ action: 'ask' });
    expect(mcpToolPolicy({ readOnlyHint: true })).toMatchObject({ effect: 'reads', untrustedOutput: 'an MCP tool result' });
  });
  it('no hint, a false read-only hint, or a read-only claim that also says destructive acts outside and asks', () => {
    for (const hints of [undefined, {}, { readOnlyHint: false }, { readOnlyHint: true, destructiveHint: true }]) {
      expect(mcpToolPolicy(hints).effect).toBe('acts-outside');
      expect(mcpCallNeedsApproval(call, { servers }, hints)).toMatchObject({ action: 'ask', reasons: [expect.stringContaining('not marked trusted'), ...declaredRisks(hints)] });
    }
    expect(mcpCallNeedsApproval(call, { servers }, { destructiveHint: true, openWorldHint: true })).toEqual({
      action: 'ask',
      reasons: [
        'MCP tool "lookup" of server "plain" is not marked trusted',
        'its server declares it destructive (it may delete or overwrite data)',
        'its server declares that it reaches outside services',
      ],
    });
  });
  it('reads only booleans as hints', () => {
    expect(hintsOf({ readOnlyHint: 'true', destructiveHint: 1, openWorldHint: false, title: 'x' })).toEqual({ openWorldHint: false });
    expect(hintsOf({ readOnlyHint: 'yes' })).toBeUndefined();
    expect(hintsOf(null)).toBeUndefined();
  });
  it("the judge's mcp-call check reads the hints of the called tool", () => {
    const check = mcpCallCheck(
      (b) => ({ call: b.code === '?' ? null : { server: 'plain', tool: b.code, arguments: {} } }),
      () => ({ servers }),
      (c) => (c.tool === 'lookup' ? { readOnlyHint: true } : undefined),
    );
    const block = (code: string) => ({ id: 'b', tag: 'mcp', code, savePath: null, params: {}, start: 0, end: 0 });
    expect(check(block('lookup'))).toEqual({ action: 'allow' });
    expect(check(block('delete'))).toMatchObject({ action: 'ask' });
    expect(check(block('?'))).toEqual({ action: 'allow' });
  });
});
