// What the core knows of MCP: tools as data, calls, results, and the port the node adapter
// (node/mcp/manager.ts) implements.
import { AppError } from '../../common/errors.js';
import type { McpToolHints } from './hints.js';

/** A JSON Schema object as a server sends it (`inputSchema` of a tool). */
export type JsonSchema = { [key: string]: unknown };

export interface McpToolInfo {
  server: string;
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** What the server declares about the tool (read-only, destructive, open world); absent when it declares nothing. */
  hints?: McpToolHints;
}

/** What the model asks for in a ```mcp block. */
export interface McpCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}
export type McpCallRef = Pick<McpCall, 'server' | 'tool'>;

export interface McpAttachment {
  mime: string;
  /** Base64 without a data: prefix. */
  data: string;
}

export interface McpCallResult {
  /** Every text content joined by newlines (resources and links described in words). */
  text: string;
  /** Images, audio and binary resources, kept out of the text. */
  attachments: McpAttachment[];
  /** The server said the tool failed (MCP `isError`). */
  isError: boolean;
}

export type McpServerStatus = 'stopped' | 'starting' | 'ready' | 'failed';
/** The payload of the `mcp.status` event. */
export interface McpStatusChange {
  server: string;
  status: McpServerStatus;
  message: string;
}

/**
 * The MCP client as the core sees it. Errors are AppErrors: NOT_FOUND (unknown server or tool),
 * BAD_INPUT (arguments do not match the tool's schema; nothing was sent), MCP_ERROR (server failed,
 * crashed or answered with a protocol error), CANCELLED.
 */
export interface McpClientPort {
  /** Configured server names, started or not. */
  serverNames(): string[];
  /** The tools of one server, starting it if needed. */
  serverTools(server: string, signal?: AbortSignal): Promise<McpToolInfo[]>;
  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal, options?: { timeoutMs?: number }): Promise<McpCallResult>;
  /** The tool as its running server last listed it, without starting anything; undefined when not listed yet. */
  listedTool?(server: string, tool: string): McpToolInfo | undefined;
}

/** A tool call that ran past its time limit (the server may still be working on it). */
export class McpTimeoutError extends AppError {
  constructor(message: string) {
    super('MCP_ERROR', message);
    this.name = 'McpTimeoutError';
  }
}
