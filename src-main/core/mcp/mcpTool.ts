// The ```mcp block tool: parses {"server","tool","arguments"}, checks server, tool and arguments
// with precise feedback, calls the tool through the McpClientPort. Approval is the engine's: this
// tool only exposes what the call is (inspect); whether it asks is the judge's 'mcp-call' check
// (core/mcp/trust.ts), from the trust settings and the server's declared hints.
import { AppError, isAbortError } from '../../common/errors.js';
import type { Block, Tool, ToolContext, ToolResult } from '../ports.js';
import { formatTool } from './format.js';
import { parseMcpCall } from './parseCall.js';
import { McpTimeoutError, type McpCall, type McpClientPort, type McpToolInfo } from './types.js';
import { MCP_CALL } from '../tools/defs/mcp.js';

export interface McpToolOptions {
  /** Longest result text passed on; the rest is cut with a note. */
  maxOutputChars?: number;
}

export interface McpCallInspection {
  /** Null when the block cannot be read: run() then fails with feedback and calls nothing. */
  call: McpCall | null;
  /** What the approval dialog shows. */
  command: string;
}

export interface McpTool extends Tool {
  inspect(block: Block): McpCallInspection;
}

const EXAMPLE = '```mcp\n{"server": "SERVER", "tool": "TOOL", "arguments": {"name": "value"}}\n```';

export function createMcpTool(port: McpClientPort, opts: McpToolOptions = {}): McpTool {
  const maxOutput = opts.maxOutputChars ?? 50_000;
  return {
    definition: MCP_CALL,
    inspect(block) {
      const parsed = parseMcpCall(block.code);
      if (!parsed.ok) return { call: null, command: block.code };
      const { call } = parsed;
      return { call, command: `${call.server} / ${call.tool} ${JSON.stringify(call.arguments)}` };
    },
    async run(block, ctx) {
      const started = performance.now();
      const done = (status: ToolResult['status'], output: string, feedback?: string): ToolResult => ({
        status,
        exitCode: null,
        output,
        savedTo: null,
        durationMs: performance.now() - started,
        ...(feedback ? { feedback } : {}),
      });
      const parsed = parseMcpCall(block.code);
      if (!parsed.ok) return done('failed', parsed.problem, `${parsed.problem}\nWrite exactly one JSON object, for example:\n${EXAMPLE}`);
      const { call } = parsed;
      try {
        const tool = await findTool(port, call, ctx.signal);
        if (typeof tool === 'string') return done('failed', tool, tool);
        const result = await port.callTool(call.server, call.tool, call.arguments, ctx.signal, { timeoutMs: ctx.timeoutMs });
        let text = result.text;
        if (text.length > maxOutput) text = `${text.slice(0, maxOutput)}\n[… ${text.length - maxOutput} more characters cut]`;
        const notes = result.attachments.map((a) => `[attachment: ${a.mime}, ${Math.round((a.data.length * 3) / 4)} bytes]`);
        const output = [text, ...notes].filter(Boolean).join('\n') || '(the tool returned nothing)';
        ctx.onOutput(output);
        const status = result.isError ? 'failed' : 'ok';
        const feedback = result.isError ? `The tool reported an error. Check the arguments against its description:\n${formatTool(tool)}` : undefined;
        return { ...done(status, output, feedback), ...(result.attachments.length ? { attachments: result.attachments } : {}) };
      } catch (error) {
        return failure(error, call, port, ctx, done);
      }
    },
  };
}

/** The tool's description, or the feedback saying precisely what is wrong with the server or tool name. */
async function findTool(port: McpClientPort, call: McpCall, signal: AbortSignal): Promise<McpToolInfo | string> {
  const servers = port.serverNames();
  if (!servers.includes(call.server)) {
    return `Unknown MCP server "${call.server}". Configured servers: ${servers.map((s) => `"${s}"`).join(', ') || 'none'}.`;
  }
  const tools = await port.serverTools(call.server, signal);
  const tool = tools.find((t) => t.name === call.tool);
  if (tool) return tool;
  return `Server "${call.server}" has no tool "${call.tool}". Its tools: ${tools.map((t) => `"${t.name}"`).join(', ') || 'none'}.`;
}

async function failure(
  error: unknown,
  call: McpCall,
  port: McpClientPort,
  ctx: ToolContext,
  done: (status: ToolResult['status'], output: string, feedback?: string) => ToolResult,
): Promise<ToolResult> {
  if (isAbortError(error) || ctx.signal.aborted) return done('cancelled', 'Cancelled.');
  if (error instanceof McpTimeoutError) return done('timeout', error.message, `${error.message} Try a smaller request, or tell the user.`);
  if (error instanceof AppError && error.code === 'BAD_INPUT') {
    const tool = (await port.serverTools(call.server, ctx.signal).catch(() => [])).find((t) => t.name === call.tool);
    const schema = tool ? `\n${formatTool(tool)}\nJSON schema of the arguments:\n${JSON.stringify(tool.inputSchema)}` : '';
    return done('failed', error.message, `${error.message} The call was not sent. Fix the arguments.${schema}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return done('error', message, `The MCP server could not run the call: ${message} Do not retry the same call; tell the user.`);
}
