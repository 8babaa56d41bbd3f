// The provider's general generation path: node-llama-cpp's LlamaChat, for what the fast loop in
// llamaGenerate.ts does not do (JSON-schema grammars, continuing a started reply, templates with prefix
// triggers or non-<think> thought segments). It costs more per token; see llamaGenerate.ts.
import type { ChatHistoryItem, LlamaChat, LlamaGrammar, LlamaText } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';
import type { ReasoningStream } from '../../core/llm/reasoning.js';
import type { CompletionRequest, LlmDelta, ToolCall } from '../../core/ports.js';
import { forcedCallChat, LlamaToolCallStream, type LlamaTools } from './llamaTools.js';

export interface ChatRun {
  maxTokens: number;
  grammar: LlamaGrammar | undefined;
  contextSize: number;
  temperature?: number;
  seed?: number;
  repeatPenalty: boolean;
  /** Where deltas go (already filtered for emptiness by the caller). */
  say: (delta: LlmDelta) => void;
  /** Splits `<think>` sections out of plain text chunks. */
  stream: ReasoningStream;
  /** Functions offered to the model (never with a grammar); `toText` makes the forced call's prefix a LlamaText. */
  tools?: LlamaTools & { toText: (value: string | LlamaText) => LlamaText };
}

export interface ChatReply {
  /** The reply text, reasoning tags still in it. */
  text: string;
  /** Thought segments the template marked as such. */
  thoughts: string[];
  tokens: number;
  truncated: boolean;
  /** The calls the model made, unrun (none when it answered in text). */
  toolCalls: ToolCall[];
}

export async function generateWithChat(chat: LlamaChat, history: ChatHistoryItem[], request: CompletionRequest, run: ChatRun): Promise<ChatReply> {
  let tokens = 0;
  const tools = run.tools;
  const calls = new LlamaToolCallStream(request.onDelta);
  const engine = tools?.forced ? forcedCallChat(chat, tools.toText) : chat;
  const outputBefore = chat.sequence.tokenMeter.usedOutputTokens;
  try {
    const response = await engine.generateResponse(history, {
      signal: request.signal,
      stopOnAbortSignal: false,
      maxTokens: run.maxTokens,
      ...(tools
        ? {
            functions: tools.functions,
            documentFunctionParams: true,
            ...(tools.single ? { maxParallelFunctionCalls: 1 } : {}),
            onFunctionCallParamsChunk: (chunk) => calls.push(chunk),
          }
        : { grammar: run.grammar }),
      temperature: run.temperature,
      seed: run.seed,
      ...(run.repeatPenalty ? {} : { repeatPenalty: false as const }),
      contextShift: {
        // Never drop history silently: the caller decides what to compact.
        strategy: () => {
          throw new AppError('CONTEXT_OVERFLOW', `The reply ran out of the model's ${run.contextSize}-token context: start a new session or compact the history.`);
        },
      },
      onResponseChunk: (chunk) => {
        tokens += chunk.tokens.length;
        if (!chunk.text) return;
        if (chunk.type === 'segment') {
          if (chunk.segmentType === 'thought') run.say({ reasoning: chunk.text });
          return;
        }
        run.say(run.stream.push(chunk.text));
      },
    });
    const thoughts = response.fullResponse.filter((item) => typeof item !== 'string' && item.segmentType === 'thought').map((item) => (typeof item === 'string' ? '' : item.text));
    const toolCalls = calls.finish(response.functionCalls ?? []);
    // A call's tokens come through the params callback, not as response chunks: the sequence counted them.
    if (toolCalls.length) tokens = Math.max(tokens, chat.sequence.tokenMeter.usedOutputTokens - outputBefore);
    return { text: response.response, thoughts, tokens, truncated: response.metadata.stopReason === 'maxTokens', toolCalls };
  } finally {
    if (engine !== chat) engine.dispose({ disposeSequence: false });
  }
}
