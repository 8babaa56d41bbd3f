// Tool calling over OpenAI's chat completions: our messages, tool definitions and choice in the wire
// format, and the streamed `tool_calls` deltas collected into whole calls (id and name arrive first,
// the arguments' JSON in fragments, each keyed by the call's index).
import type OpenAI from 'openai';
import type { ChatMessage, LlmDelta, ToolCall, ToolChoice, FunctionDefinition } from '../../core/ports.js';

type WireMessage = OpenAI.ChatCompletionMessageParam;

export function toWireMessages(messages: ChatMessage[]): WireMessage[] {
  return messages.map((m): WireMessage => {
    if (m.toolCallId !== undefined) return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    if (m.role === 'assistant' && m.toolCalls?.length) {
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
      };
    }
    return { role: m.role, content: m.content };
  });
}

export function toolParams(
  tools: FunctionDefinition[] | undefined,
  choice: ToolChoice | undefined,
  parallel?: boolean,
): Pick<OpenAI.ChatCompletionCreateParams, 'tools' | 'tool_choice' | 'parallel_tool_calls'> {
  if (!tools?.length) return {};
  return {
    tools: tools.map((t) => ({
      type: 'function',
      function: { name: t.name, ...(t.description ? { description: t.description } : {}), ...(t.parameters ? { parameters: t.parameters as Record<string, unknown> } : {}) },
    })),
    ...(choice === undefined ? {} : { tool_choice: typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } } }),
    ...(parallel === undefined ? {} : { parallel_tool_calls: parallel }),
  };
}

type WireToolDelta = { index?: number; id?: string | null; function?: { name?: string | null; arguments?: string | null } | null };

/** Collects streamed tool-call pieces and passes each on as an LlmDelta. */
export class ToolCallCollector {
  private readonly calls = new Map<number, ToolCall>();

  constructor(private readonly onDelta: ((d: LlmDelta) => void) | undefined) {}

  push(deltas: readonly WireToolDelta[] | null | undefined): void {
    for (const d of deltas ?? []) {
      // Some servers (older Ollama) send whole calls without an index: each is a call of its own.
      const index = d.index ?? this.calls.size;
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      this.calls.set(index, call);
      if (d.id) call.id = d.id;
      if (d.function?.name) call.name += d.function.name;
      if (d.function?.arguments) call.arguments += d.function.arguments;
      this.onDelta?.({
        toolCall: {
          index,
          ...(d.id ? { id: d.id } : {}),
          ...(d.function?.name ? { name: d.function.name } : {}),
          ...(d.function?.arguments ? { arguments: d.function.arguments } : {}),
        },
      });
    }
  }

  /** The whole calls in index order; a call the server sent without an id gets one. */
  finish(): ToolCall[] {
    return [...this.calls.entries()].sort(([a], [b]) => a - b).map(([index, c]) => ({ ...c, id: c.id || `call_${index}` }));
  }
}
