// The request bodies the local API accepts: the subset of OpenAI's chat and embeddings requests that
// local tools send (Continue, Open WebUI, the official clients). Unknown fields are ignored, as
// OpenAI-compatible servers do; fields we cannot honour are refused with a clear message.
import { z } from 'zod';
import type { ChatMessage } from '../../core/ports.js';

const TextPart = z.object({ type: z.literal('text'), text: z.string() });
const Content = z.union([z.string(), z.array(TextPart, { invalid_type_error: 'content parts must be text parts' })]).nullish();

const Message = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant'], {
      errorMap: () => ({ message: 'role must be system, developer, user or assistant (tool results are not supported)' }),
    }),
    content: Content,
  })
  .passthrough();

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
    tools: z.array(z.unknown()).nullish(),
    tool_choice: z.unknown().optional(),
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

/** Our messages from the request's: a developer message is a system message; parts are joined. */
export function toChatMessages(request: ChatRequest): ChatMessage[] {
  return request.messages.map((m) => ({
    role: m.role === 'developer' ? 'system' : m.role,
    content: typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text).join(''),
  }));
}

export const stopsOf = (request: ChatRequest): string[] => (request.stop == null ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop);

/** A zod failure as one line a person can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
    .join('; ');
}
