// The app's messages as node-llama-cpp's chat history, which both generation paths render. OpenAI's
// tool conversation (an assistant message with tool_calls, one `tool` message per call, then maybe more
// assistant text) is one model response in node-llama-cpp: its text, its function calls each holding
// its result, and what it wrote after them. The template renders the calls in its own syntax.
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';
import type { ChatMessage } from '../../core/ports.js';

/** JSON text as a value; text that is not JSON stays text (a model or a client wrote it). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function toChatHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = [];
  /** Calls of the last model response still waiting for their `tool` message, by id. */
  const pending = new Map<string, ChatModelFunctionCall>();
  /** The model response whose calls were answered last: assistant text that follows continues it. */
  let answered: ChatModelResponse | null = null;
  const unanswered = () => new AppError('BAD_INPUT', `The tool calls ${[...pending.keys()].join(', ')} have no tool message with their result.`);
  for (const m of messages) {
    if (m.toolCallId !== undefined) {
      const call = pending.get(m.toolCallId);
      if (!call) throw new AppError('BAD_INPUT', `A tool message answers the call "${m.toolCallId}", which no assistant message before it made (or which was already answered).`);
      call.result = parsed(m.content);
      pending.delete(m.toolCallId);
      continue;
    }
    if (pending.size > 0) throw unanswered();
    if (m.role !== 'assistant') {
      answered = null;
      out.push(m.role === 'system' ? { type: 'system', text: m.content } : { type: 'user', text: m.content });
      continue;
    }
    const reply: ChatModelResponse = answered && out.at(-1) === answered ? answered : { type: 'model', response: [] };
    if (reply !== answered) out.push(reply);
    if (m.content || !m.toolCalls?.length) reply.response.push(m.content);
    for (const c of m.toolCalls ?? []) {
      const call: ChatModelFunctionCall = { type: 'functionCall', name: c.name, params: parsed(c.arguments), result: undefined };
      reply.response.push(call);
      pending.set(c.id, call);
    }
    answered = m.toolCalls?.length ? reply : null;
  }
  if (pending.size > 0) throw unanswered();
  return out;
}
