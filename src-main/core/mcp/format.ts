// How MCP tools are shown to the model: in the mcp agent's prompt ({{tools}}) and in the feedback
// after a wrong call. Plain text the model can copy from: names, argument names, types, required.
import type { JsonSchema, McpToolInfo } from './types.js';

const MAX_DESCRIPTION = 400;

function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return 'any';
  const s = schema as JsonSchema;
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : null;
  if (type === 'array') return `array of ${typeOf(s.items)}`;
  if (type) return type;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key];
    if (Array.isArray(options)) return options.map(typeOf).join(' | ');
  }
  return 'any';
}

const oneLine = (text: string, max = MAX_DESCRIPTION) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** One line per argument: `- name (type, required): description`. */
export function describeArguments(schema: JsonSchema): string[] {
  const properties = schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, unknown>) : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, prop]) => {
    const description = prop && typeof prop === 'object' && typeof (prop as JsonSchema).description === 'string' ? ((prop as JsonSchema).description as string) : '';
    const flags = [typeOf(prop), required.has(name) ? 'required' : 'optional'].join(', ');
    return `- ${name} (${flags})${description ? `: ${oneLine(description, 200)}` : ''}`;
  });
}

export function formatTool(tool: McpToolInfo): string {
  const args = describeArguments(tool.inputSchema);
  const head = `### ${tool.server} / ${tool.name}`;
  const description = tool.description ? oneLine(tool.description) : '(no description)';
  return [head, description, args.length ? 'Arguments:' : 'Arguments: none', ...args.map((a) => `  ${a}`)].join('\n');
}

/** The tool list for the mcp agent's prompt, grouped by server in a stable order. */
export function formatToolList(tools: readonly McpToolInfo[]): string {
  if (tools.length === 0) return 'No MCP tool is available right now.';
  const sorted = [...tools].sort((a, b) => a.server.localeCompare(b.server) || a.name.localeCompare(b.name));
  return sorted.map(formatTool).join('\n\n');
}
