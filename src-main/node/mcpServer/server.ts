// Our MCP server: the tools and resources an MCP client (Claude Desktop, Cursor, an editor) gets from
// the app, built with the SDK's McpServer. One instance per connection (stdio) or per request
// (stateless streamable HTTP); the work is done by lent.ts.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { toErrorData } from '../../common/errors.js';
import { readWorkspaceFile, runCode, RUN_CODE_LANGUAGES, type LentDeps } from './lent.js';
import { listWorkspaceFiles } from './workspaceSearch.js';

const text = (value: string, isError = false) => ({ content: [{ type: 'text' as const, text: value }], ...(isError ? { isError: true } : {}) });

const MAX_RESOURCES = 500;

export function createAgenticMcpServer(deps: LentDeps, version: string): McpServer {
  const server = new McpServer({ name: 'agentic', version });

  server.registerTool(
    'run_code',
    {
      description: `Runs code in the sandbox of the user's Agentic workspace, under the user's approval policy (risky code waits for the user's approval, or is refused). Returns the output and exit status. Languages: ${RUN_CODE_LANGUAGES.join(', ')}.`,
      inputSchema: { language: z.enum(RUN_CODE_LANGUAGES as unknown as [string, ...string[]]), code: z.string().min(1).max(200_000) },
    },
    async ({ language, code }, extra) => {
      const result = await runCode(deps, { language, code }, extra.signal);
      const summary = `status: ${result.status}\nexit code: ${result.exitCode ?? 'none'}\napproval: ${result.approval}\n\n${result.output}`;
      return { ...text(summary, result.status !== 'ok'), structuredContent: { ...result } };
    },
  );

  if (deps.turns) {
    const turns = deps.turns;
    server.registerTool(
      'web_research',
      {
        description: "Asks Agentic's web agent a question: it searches and reads pages in a real browser and answers with its sources.",
        inputSchema: { question: z.string().min(1).max(4000) },
      },
      async ({ question }, extra) => {
        try {
          return text(await turns.run({ text: question, agent: 'web', signal: extra.signal, onText: () => undefined }));
        } catch (error) {
          return text(`Web research failed: ${toErrorData(error).message}`, true);
        }
      },
    );
  }

  server.registerTool(
    'search_workspace',
    {
      description: "Searches the user's Agentic workspace: file names, then lines of text files that contain the query.",
      inputSchema: { query: z.string().min(1).max(500), limit: z.number().int().min(1).max(200).optional() },
    },
    async ({ query, limit }, extra) => {
      const hits = await deps.search.search(query, { workspace: deps.workspace(), limit: limit ?? 50, signal: extra.signal });
      const lines = hits.map((h) => (h.line === null ? h.path : `${h.path}:${h.line}: ${h.text}`));
      return { ...text(lines.length ? lines.join('\n') : `Nothing in the workspace matches "${query}".`), structuredContent: { hits } };
    },
  );

  server.registerTool(
    'read_file',
    {
      description: "Reads a text or PDF file of the user's Agentic workspace (a path relative to the workspace).",
      inputSchema: { path: z.string().min(1).max(4096) },
    },
    async ({ path }, extra) => {
      const read = await readWorkspaceFile(deps, path, extra.signal);
      return text(read.text, !read.ok);
    },
  );

  server.registerResource(
    'workspace-file',
    new ResourceTemplate('workspace:///{+path}', {
      list: async () => {
        const paths = await listWorkspaceFiles(deps.workspace(), MAX_RESOURCES);
        return { resources: paths.map((p) => ({ uri: `workspace:///${encodeURI(p)}`, name: p })) };
      },
    }),
    { description: "Files of the user's Agentic workspace.", mimeType: 'text/plain' },
    async (uri, variables, extra) => {
      const relative = decodeURI(String(variables.path ?? ''));
      const read = await readWorkspaceFile(deps, relative, extra.signal);
      if (!read.ok) throw new Error(read.text);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: read.text }] };
    },
  );

  return server;
}
