// One connection to one MCP server: transport per config, tool listing with pagination, and the
// mapping of MCP results to text plus attachments.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AppError } from '../../common/errors.js';
import type { McpServerConfig } from '../../common/settings.js';
import type { McpAttachment, McpCallResult, McpToolInfo } from '../../core/mcp/types.js';
import { hintsOf } from '../../core/mcp/hints.js';

const STDERR_TAIL = 2_000;

export interface Connection {
  client: Client;
  /** The last lines the server wrote to stderr (stdio only): what a crash report shows. */
  stderrTail(): string;
}

export interface ConnectOptions {
  cwd?: string;
  timeoutMs: number;
  /** Called once when the connection ends for any reason (crash, exit, our close). */
  onClose: () => void;
}

function createTransport(config: McpServerConfig, cwd: string | undefined, onStderr: (text: string) => void): Transport {
  if (config.transport === 'http') {
    return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
  }
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    env: config.env,
    stderr: 'pipe',
    ...(cwd ? { cwd } : {}),
  });
  // Attached before start so the first lines of a server that dies at once are kept.
  transport.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString()));
  return transport;
}

export async function connect(config: McpServerConfig, options: ConnectOptions): Promise<Connection> {
  let tail = '';
  const transport = createTransport(config, options.cwd, (text) => (tail = (tail + text).slice(-STDERR_TAIL)));
  const client = new Client({ name: 'agentic', version: '0.1.0' }, { capabilities: {} });
  client.onclose = options.onClose;
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    client.onclose = undefined;
    await client.close().catch(() => undefined);
    // A server that dies at once explains why on stderr; give the pipe a moment to deliver it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stderr = tail.trim();
    throw new AppError('MCP_ERROR', `${(error as Error).message}${stderr ? ` (stderr: ${stderr.slice(-500)})` : ''}`, { cause: error });
  }
  return { client, stderrTail: () => tail.trim() };
}

export async function listAllTools(server: string, client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  // A cap on pages: a server that always returns a cursor must not hang the agent.
  for (let page = 0; page < 50; page++) {
    const result = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
    for (const tool of result.tools) {
      const hints = hintsOf(tool.annotations);
      tools.push({ server, name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema as McpToolInfo['inputSchema'], ...(hints ? { hints } : {}) });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

type ContentItem = { type: string; [key: string]: unknown };

/** Text parts joined; images, audio and binary resources become attachments. */
export function toCallResult(result: { content?: unknown; structuredContent?: unknown; isError?: unknown; toolResult?: unknown }): McpCallResult {
  const texts: string[] = [];
  const attachments: McpAttachment[] = [];
  const content = Array.isArray(result.content) ? (result.content as ContentItem[]) : [];
  for (const item of content) {
    if (item.type === 'text' && typeof item.text === 'string') texts.push(item.text);
    else if ((item.type === 'image' || item.type === 'audio') && typeof item.data === 'string') {
      attachments.push({ mime: String(item.mimeType ?? 'application/octet-stream'), data: item.data });
    } else if (item.type === 'resource' && item.resource && typeof item.resource === 'object') {
      const resource = item.resource as { uri?: string; text?: string; blob?: string; mimeType?: string };
      if (typeof resource.text === 'string') texts.push(`[resource ${resource.uri ?? ''}]\n${resource.text}`);
      else if (typeof resource.blob === 'string') attachments.push({ mime: resource.mimeType ?? 'application/octet-stream', data: resource.blob });
    } else if (item.type === 'resource_link') {
      texts.push(`[link: ${String(item.name ?? '')} ${String(item.uri ?? '')}]`);
    }
  }
  // Servers may answer with structured content only, or with the legacy `toolResult`.
  if (texts.length === 0 && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent));
  if (texts.length === 0 && result.toolResult !== undefined) texts.push(JSON.stringify(result.toolResult));
  return { text: texts.join('\n'), attachments, isError: result.isError === true };
}
