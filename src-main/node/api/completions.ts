// One chat completion, whichever engine answers it: the loaded model through the LlmProvider port,
// or an agent through a full turn (agentTurns.ts). Both stream through `onDelta` and end with the
// text, why it ended and the token counts; the HTTP layer (chatRoute.ts) turns that into OpenAI's JSON
// or server-sent events.
import { AppError, isAbortError } from '../../common/errors.js';
import type { ChatMessage, LlmDelta, LlmProvider, ToolCall, ToolChoice, FunctionDefinition } from '../../core/ports.js';
import type { ConversationSessions } from './conversations.js';
import { StopFilter } from './stopFilter.js';

export interface ApiDelta {
  content?: string;
  reasoning?: string;
  toolCall?: LlmDelta['toolCall'];
}

export interface ApiCompletion {
  text: string;
  reasoning: string;
  toolCalls?: ToolCall[];
  finish: 'stop' | 'length' | 'tool_calls';
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface ModelCall {
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  stops: string[];
  /** Passed to the provider as they are (the route checked that it takes them). */
  tools?: FunctionDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  signal: AbortSignal;
  onDelta: (delta: ApiDelta) => void;
}

const usageOf = (prompt: number, completion: number) => ({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion });

/** The loaded model answers; a stop sequence ends generation there (the engine is told to stop). */
export async function completeWithModel(provider: LlmProvider, call: ModelCall): Promise<ApiCompletion> {
  const inner = new AbortController();
  const forward = () => inner.abort();
  call.signal.addEventListener('abort', forward, { once: true });
  const filter = new StopFilter(call.stops);
  let reasoning = '';
  let streamed = false;
  try {
    const done = await provider
      .complete({
        messages: call.messages,
        signal: inner.signal,
        maxTokens: call.maxTokens,
        temperature: call.temperature,
        ...(call.tools ? { tools: call.tools, toolChoice: call.toolChoice, parallelToolCalls: call.parallelToolCalls } : {}),
        onDelta: (d) => {
          if (filter.stopped) return;
          if (d.toolCall) call.onDelta({ toolCall: d.toolCall });
          if (d.reasoning) {
            reasoning += d.reasoning;
            call.onDelta({ reasoning: d.reasoning });
          }
          if (!d.text) return;
          streamed = true;
          const out = filter.push(d.text);
          if (out) call.onDelta({ content: out });
          if (filter.stopped) inner.abort(); // the rest would be thrown away: stop the engine now
        },
      })
      .catch(async (error: unknown) => {
        if (!filter.stopped || call.signal.aborted || !isAbortError(error)) throw error;
        return null; // stopped by a stop sequence
      });
    if (done && !streamed && done.text) {
      // A provider that answered without streaming: the same filter over its whole text.
      const out = filter.push(done.text);
      if (out) call.onDelta({ content: out });
    }
    const rest = filter.flush();
    if (rest) call.onDelta({ content: rest });
    const prompt = done?.usage?.promptTokens ?? (await provider.countTokens(call.messages.map((m) => m.content).join('\n')));
    const completion = done?.usage && !filter.stopped ? done.usage.completionTokens : await provider.countTokens(filter.text);
    const toolCalls = done?.toolCalls;
    return {
      text: filter.text,
      reasoning: done?.reasoning || reasoning,
      ...(toolCalls?.length ? { toolCalls } : {}),
      finish: toolCalls?.length ? 'tool_calls' : filter.stopped || !done?.truncated ? 'stop' : 'length',
      usage: usageOf(prompt, completion),
    };
  } finally {
    call.signal.removeEventListener('abort', forward);
  }
}

export interface TurnRunner {
  /**
   * Runs a full agent turn on `text` in `sessionId` (a new session when null) and resolves with its final
   * answer and session; `onText` streams the turn as written.
   */
  run(request: {
    text: string;
    agent: string;
    sessionId?: string | null;
    /** The client's messages before `text`: a new session starts with them (agentHistory.ts). */
    earlier?: readonly ChatMessage[];
    signal: AbortSignal;
    onText: (text: string) => void;
  }): Promise<{ answer: string; sessionId: string }>;
}

/** An agent answers: the last user message is run as a turn, in the session the conversation had so far (a new one otherwise). */
export async function completeWithAgent(
  turns: TurnRunner,
  agent: string,
  call: ModelCall,
  conversations: ConversationSessions,
  countTokens: (text: string) => Promise<number>,
): Promise<ApiCompletion> {
  // A tool's result travels as a user message marked with its call: it is not the request.
  const last = call.messages.findLastIndex((m) => m.role === 'user' && m.toolCallId === undefined);
  const request = call.messages[last]?.content.trim();
  if (!request) throw new AppError('BAD_INPUT', 'An agent model needs a user message with text.');
  let streamed = '';
  const run = await turns.run({
    text: request,
    agent,
    sessionId: conversations.find(call.messages),
    earlier: call.messages.slice(0, last),
    signal: call.signal,
    onText: (text) => {
      streamed += text;
      call.onDelta({ content: text });
    },
  });
  // The streamed text is the whole turn (every reply, every block's result): a client sees what ran.
  const text = streamed || run.answer;
  if (!streamed && run.answer) call.onDelta({ content: run.answer });
  conversations.remember(call.messages, text, run.sessionId);
  return { text, reasoning: '', finish: 'stop', usage: usageOf(await countTokens(request), await countTokens(text)) };
}
