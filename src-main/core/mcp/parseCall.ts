// Reads the JSON of a ```mcp block. Models write almost-JSON (single quotes, trailing commas, cut
// endings), so it is repaired first, then checked with a schema; the problem is told precisely.
import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import type { McpCall } from './types.js';

const CallSchema = z
  .object({
    server: z.string().min(1, 'is empty'),
    tool: z.string().min(1, 'is empty'),
    arguments: z.record(z.unknown()).nullish(),
  })
  .strict();

export type ParsedMcpCall = { ok: true; call: McpCall; repaired: boolean } | { ok: false; problem: string };

export function parseMcpCall(code: string): ParsedMcpCall {
  const text = code.trim();
  if (!text) return { ok: false, problem: 'The mcp block is empty.' };
  let value: unknown;
  let repaired = false;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = JSON.parse(jsonrepair(text));
      repaired = true;
    } catch (error) {
      return { ok: false, problem: `The mcp block is not JSON (${(error as Error).message}).` };
    }
  }
  const parsed = CallSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const where = issue.path.length ? `"${issue.path.join('.')}"` : 'the object';
      return issue.code === 'unrecognized_keys' ? `unexpected key(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}` : `${where} ${issue.message}`;
    });
    return { ok: false, problem: `The mcp block must be {"server", "tool", "arguments"}: ${problems.join('; ')}.` };
  }
  const { server, tool } = parsed.data;
  return { ok: true, call: { server, tool, arguments: parsed.data.arguments ?? {} }, repaired };
}
