// The request bodies the local API accepts: the subset of OpenAI's chat and embeddings requests that
// local tools send (Continue, Open WebUI, the official clients). Unknown fields are ignored, as
// OpenAI-compatible servers do; fields we cannot honour are refused with a clear message.
import { z } from 'zod';
import type { ChatMessage, ToolChoice, FunctionDefinition } from '../../core/ports.js';

const TextPart = z.object({ type: z.literal('text'), text: z.string() });
const Content = z.union([z.string(), z.array(TextPart, { invalid_type_error: 'content parts must be text parts' })]).nullish();

const Name = z.string().regex(/^[\w.-]{1,64}$/, 'a function name is 1 to 64 letters, digits, _ . or -');
const WireToolCall = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('function').optional(),
  function: z.object({ name: Name, arguments: z.string().max(1_000_000) }),
});

const Message = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool'], {
      errorMap: () => ({ message: 'role must be system, developer, user, assistant or tool' }),
    }),
    content: Content,
    tool_calls: z.array(WireToolCall).max(128).nullish(),
    tool_call_id: z.string().min(1).max(200).nullish(),
  })
  .passthrough()
  .refine((m) => m.role !== 'tool' || m.tool_call_id, { message: 'a tool message needs tool_call_id', path: ['tool_call_id'] });

const Tool = z.object({
  type: z.literal('function', { errorMap: () => ({ message: 'only function tools are supported' }) }),
  function: z.object({ name: Name, description: z.string().max(100_000).nullish(), parameters: z.record(z.unknown()).nullish() }).passthrough(),
});
const Choice = z.union([z.enum(['auto', 'none', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: Name }) })]);

const Limit = z.number().int().positive().max(1_000_000).nullish();

export const ChatRequestSchema = z
  .object({
    model: z.string().min(1).max(300),
    messages: z.array(Message).min(1).max(10_000),
    stream: z.boolean().nullish(),
    stream_options: z.object({ include_usage: z.boolean().nullish() }).passthrough().nullish(),
    max_tokens: Limit,
    max_completion_tokens: Limit,
    temperature: z.number().min(0).max(2).nullish(),
    stop: z.union([z.string().min(1), z.array(z.string().min(1)).max(4)]).nullish(),
    n: z.literal(1, { errorMap: () => ({ message: 'only n=1 is supported' }) }).nullish(),
    tools: z.array(Tool).max(128).nullish(),
    tool_choice: Choice.nullish(),
    parallel_tool_calls: z.boolean().nullish(),
  })
  .passthrough();
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const EmbeddingsRequestSchema = z
  .object({
    model: z.string().min(1).max(300),
    input: z.union([z.string(), z.array(z.string()).min(1).max(256)]),
    encoding_format: z.enum(['float', 'base64']).nullish(),
  })
  .passthrough();

/**
 * Our messages from the request's: a developer message is a system message; parts are joined; a tool
 * result is a user message marked with its call's id; an assistant's tool calls are kept.
 */
export function toChatMessages(request: ChatRequest): ChatMessage[] {
  return request.messages.map((m): ChatMessage => {
    const content = typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text).join('');
    if (m.role === 'tool') return { role: 'user', content, toolCallId: m.tool_call_id! };
    const toolCalls = m.role === 'assistant' && m.tool_calls?.length ? m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })) : undefined;
    return { role: m.role === 'developer' ? 'system' : m.role, content, ...(toolCalls ? { toolCalls } : {}) };
  });
}

/** The request's tools and choice for the port; none when absent or when the client chose 'none'. */
export function toolsOf(request: ChatRequest): { tools?: FunctionDefinition[]; toolChoice?: ToolChoice; parallelToolCalls?: boolean } {
  if (!request.tools?.length || request.tool_choice === 'none') return {};
  const tools = request.tools.map((t) => ({
    name: t.function.name,
    ...(t.function.description ? { description: t.function.description } : {}),
    ...(t.function.parameters ? { parameters: t.function.parameters } : {}),
  }));
  const choice = request.tool_choice;
  const parallel = request.parallel_tool_calls;
  return {
    tools,
    ...(choice ? { toolChoice: typeof choice === 'string' ? choice : { name: choice.function.name } } : {}),
    ...(typeof parallel === 'boolean' ? { parallelToolCalls: parallel } : {}),
  };
}

/** True when the request carries tools to offer or a tool conversation (calls, results). */
export const usesTools = (request: ChatRequest): boolean =>
  toolsOf(request).tools !== undefined || request.messages.some((m) => m.role === 'tool' || (m.tool_calls?.length ?? 0) > 0);

export const stopsOf = (request: ChatRequest): string[] => (request.stop == null ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop);

/** A zod failure as one line a person can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
    .join('; ');
}
