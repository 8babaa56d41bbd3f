// Our MCP server driven by the MCP SDK's own client: `agentic mcp` over stdio as a client starts it,
// and /mcp over streamable HTTP from a running app whose approvals are answered as its window does.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app/index.js';
import { localApiDeps } from '../../../src-main/node/api/expose.js';
import { startLocalApi, type LocalApi } from '../../../src-main/node/api/server.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { ROOT } from '../../helpers/processes.js';

type ToolReply = { content: { type: string; text?: string }[]; isError?: boolean; structuredContent?: Record<string, unknown> };
const textOf = (r: unknown) => (r as ToolReply).content.map((c) => c.text ?? '').join('');

const home = mkdtempSync(join(tmpdir(), 'agentic-mcp-server-'));
const workspace = join(home, 'ws');
afterAll(() => rmSync(home, { recursive: true, force: true }));

function seedWorkspace(dir: string): void {
  mkdirSync(join(dir, 'notes'), { recursive: true });
  writeFileSync(join(dir, 'notes', 'meeting.md'), '# Meeting\nBudget for the zephyr project: 12k\n');
  writeFileSync(join(dir, 'important.txt'), 'keep me\n');
}

describe('agentic mcp (stdio)', () => {
  let client: Client;
  beforeAll(async () => {
    seedWorkspace(workspace);
    client = new Client({ name: 'test-client', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: join(ROOT, 'node_modules', '.bin', 'tsx'),
      args: [join(ROOT, 'src-main/hosts/cli/main.ts'), 'mcp', '--workspace', workspace],
      env: { ...(process.env as Record<string, string>), AGENTIC_HOME: home, AGENTIC_LOG: 'error' },
      stderr: 'pipe',
    });
    await client.connect(transport);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  it('offers run_code, web_research, search_workspace and read_file', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['read_file', 'run_code', 'search_workspace', 'web_research']);
  });

  it('run_code runs safe code in the sandbox and returns its output and exit status', async () => {
    const reply = (await client.callTool({ name: 'run_code', arguments: { language: 'bash', code: 'echo from-mcp; exit 3' } })) as ToolReply;
    expect(reply.structuredContent).toMatchObject({ status: 'failed', exitCode: 3, approval: 'not needed' });
    expect(reply.structuredContent!.output).toContain('from-mcp');
    const python = (await client.callTool({ name: 'run_code', arguments: { language: 'python', code: 'print(6 * 7)' } })) as ToolReply;
    expect(python.structuredContent).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(String(python.structuredContent!.output).trim()).toBe('42');
  });

  it('run_code that the policy asks about is refused with the app closed, and nothing runs', async () => {
    const reply = (await client.callTool({ name: 'run_code', arguments: { language: 'bash', code: 'rm -rf important.txt' } })) as ToolReply;
    expect(reply.isError).toBe(true);
    expect(reply.structuredContent).toMatchObject({ status: 'declined', approval: 'refused' });
    expect(existsSync(join(workspace, 'important.txt'))).toBe(true);
  });

  it('search_workspace finds passages in the workspace index; read_file reads inside the workspace only', async () => {
    // The passage that holds the words, cited by the line it starts at.
    const found = textOf(await client.callTool({ name: 'search_workspace', arguments: { query: 'zephyr' } }));
    expect(found).toMatch(/^notes\/meeting\.md:1: # Meeting\nBudget for the zephyr project: 12k/);
    const byHeading = textOf(await client.callTool({ name: 'search_workspace', arguments: { query: 'meeting' } }));
    expect(byHeading.split(':')[0]).toBe('notes/meeting.md');
    expect(textOf(await client.callTool({ name: 'read_file', arguments: { path: 'notes/meeting.md' } }))).toContain('Budget for the zephyr project');
    const outside = (await client.callTool({ name: 'read_file', arguments: { path: '../../etc/passwd' } })) as ToolReply;
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).not.toContain('root:');
  });

  it('lists the workspace files as resources and reads one', async () => {
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['workspace:///important.txt', 'workspace:///notes/meeting.md']));
    const read = await client.readResource({ uri: 'workspace:///notes/meeting.md' });
    expect((read.contents[0] as { text: string }).text).toContain('zephyr');
  });

  it('a bad call is an error answer, not a crash', async () => {
    await expect(client.callTool({ name: 'run_code', arguments: { language: 'cobol', code: 'x' } })).resolves.toMatchObject({ isError: true });
    expect((await client.listTools()).tools.length).toBe(4);
  });
});

describe('/mcp over streamable HTTP from the running app', () => {
  const TOKEN = 'agentic-mcp-http-token-0123456789abcdefg';
  let app: App;
  let api: LocalApi;
  const answers: boolean[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    const dir = join(home, 'app');
    seedWorkspace(join(dir, 'ws'));
    // No askUser: approvals go through the app's registry, as in the desktop app.
    app = await createApp({ host: 'cli', dataDir: dir, settings: { workspace: join(dir, 'ws') }, logger: silentLogger });
    // The user's window: answers each approval with the next planned answer.
    app.subscribe((e) => {
      if (e.type !== 'approval.requested') return;
      asked.push(e.command);
      void app.handlers['approval.answer']({ approvalId: e.approvalId, approved: answers.shift() ?? false }, { clientId: 'window' });
    });
    api = await startLocalApi(localApiDeps(app, silentLogger), { token: TOKEN });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await app?.dispose();
  });

  const connect = async (token: string) => {
    const client = new Client({ name: 'http-client', version: '1.0.0' });
    const url = new URL(api.baseUrl.replace(/\/v1$/, '/mcp'));
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return client;
  };

  it('refuses a client without the token', async () => {
    await expect(connect('agentic-wrong-token-0123456789abcdefghijk')).rejects.toThrow();
  });

  it('asks the app for approval: refused leaves the file, approved runs the code', async () => {
    const client = await connect(TOKEN);
    try {
      answers.push(false);
      const refused = (await client.callTool({ name: 'run_code', arguments: { language: 'bash', code: 'rm -rf important.txt' } })) as ToolReply;
      expect(refused.structuredContent).toMatchObject({ status: 'declined', approval: 'refused' });
      expect(existsSync(join(home, 'app', 'ws', 'important.txt'))).toBe(true);
      answers.push(true);
      const approved = (await client.callTool({ name: 'run_code', arguments: { language: 'bash', code: 'rm -rf important.txt' } })) as ToolReply;
      expect(approved.structuredContent).toMatchObject({ status: 'ok', exitCode: 0, approval: 'approved' });
      expect(existsSync(join(home, 'app', 'ws', 'important.txt'))).toBe(false);
      expect(asked).toEqual(['rm -rf important.txt', 'rm -rf important.txt']);
    } finally {
      await client.close();
    }
  });
});
