// Tool calling on the embedded engine. node-llama-cpp's LlamaChat offers functions to the model in the
// chat template's own syntax (documented in the system prompt) and, given no handler, stops at the
// calls and returns them unrun: exactly OpenAI's contract. What it lacks is OpenAI's tool_choice:
// "required" or a named function must produce a call. Its chat wrappers can say "enter function
// calling mode now" (`noPrefixTrigger` of type functionCall, the mechanism templates with forced
// calls use), so a forced call renders the same template through a wrapper that adds exactly that;
// the name is then chosen by the engine's function-name grammar (only the named function is offered
// when one is named) and the arguments follow the parameters' grammar.
import { randomUUID } from 'node:crypto';
import type { ChatModelFunctions, ChatWrapper, ChatWrapperGenerateContextStateOptions, LlamaChat, LlamaChatResponseFunctionCallParamsChunk, LlamaText } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';
import type { LlmDelta, ToolCall, ToolChoice, FunctionDefinition } from '../../core/ports.js';
import { toLlamaParams } from './llamaToolSchema.js';

export interface LlamaTools {
  functions: ChatModelFunctions;
  /** The model must call one of `functions` ("required", or the one named). */
  forced: boolean;
  /** One function was named, or the client turned parallel calls off: one call, not a run of them (templates that allow them). */
  single: boolean;
}

/** The request's tools as node-llama-cpp functions; null when none are offered. Bad schemas are BAD_INPUT. */
export function llamaToolsOf(tools: readonly FunctionDefinition[] | undefined, choice: ToolChoice | undefined, parallel?: boolean): LlamaTools | null {
  if (!tools?.length || choice === 'none') return null;
  const functions: Record<string, ChatModelFunctions[string]> = {};
  for (const t of tools) {
    if (/\s/.test(t.name) || t.name === '') throw new AppError('BAD_INPUT', `The function name "${t.name}" is empty or has spaces.`);
    if (Object.hasOwn(functions, t.name)) throw new AppError('BAD_INPUT', `Two tools are named "${t.name}".`);
    const params = toLlamaParams(t.name, t.parameters);
    functions[t.name] = { ...(t.description ? { description: t.description } : {}), ...(params ? { params } : {}) };
  }
  if (typeof choice === 'object') {
    const chosen = functions[choice.name];
    if (!chosen) throw new AppError('BAD_INPUT', `tool_choice names "${choice.name}", which is not among the tools (${Object.keys(functions).join(', ')}).`);
    return { functions: { [choice.name]: chosen }, forced: true, single: true };
  }
  return { functions, forced: choice === 'required', single: parallel === false };
}

type LlamaTextOf = (value: string | LlamaText) => LlamaText;

/**
 * A LlamaChat on the same sequence whose template opens the reply in function calling mode. It is a
 * view of the model's own wrapper (same prompt text, so the cached tokens are reused), disposed after
 * the call without touching the sequence.
 */
export function forcedCallChat(chat: LlamaChat, toText: LlamaTextOf): LlamaChat {
  const base = chat.chatWrapper;
  const call = base.settings.functions.call;
  const forcing = Object.create(base) as ChatWrapper;
  forcing.generateContextState = (options: ChatWrapperGenerateContextStateOptions) => {
    const state = base.generateContextState.call(forcing, options);
    if (state.functionCall) return { ...state, functionCall: { initiallyEngaged: true, disengageInitiallyEngaged: [] } };
    // No other trigger may divert the reply (a thought segment, plain text): it starts with the call's prefix.
    return { contextText: state.contextText, stopGenerationTriggers: state.stopGenerationTriggers, noPrefixTrigger: { type: 'functionCall', inject: toText(call.prefix) } };
  };
  const Chat = chat.constructor as new (options: { contextSequence: LlamaChat['sequence']; chatWrapper: ChatWrapper }) => LlamaChat;
  return new Chat({ contextSequence: chat.sequence, chatWrapper: forcing });
}

/**
 * The calls' arguments as they are generated, passed on as tool-call deltas: id and name first, then
 * the JSON text in pieces. Whitespace the params grammar lets the model add after the JSON is held
 * back until more text follows, so the streamed pieces add up to exactly the final arguments.
 */
export class LlamaToolCallStream {
  private readonly calls: { id: string; name: string; args: string; held: string }[] = [];

  constructor(private readonly onDelta: ((delta: LlmDelta) => void) | undefined) {}

  push(chunk: LlamaChatResponseFunctionCallParamsChunk): void {
    let call = this.calls[chunk.callIndex];
    if (!call) {
      call = { id: `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`, name: chunk.functionName, args: '', held: '' };
      this.calls[chunk.callIndex] = call;
      this.onDelta?.({ toolCall: { index: chunk.callIndex, id: call.id, name: call.name } });
    }
    const text = call.held + chunk.paramsChunk;
    const kept = text.trimEnd();
    call.held = text.slice(kept.length);
    if (!kept) return;
    call.args += kept;
    this.onDelta?.({ toolCall: { index: chunk.callIndex, arguments: kept } });
  }

  /** The whole calls, in order. A call whose arguments were not streamed (no params) gets them from the engine's parsed params. */
  finish(made: readonly { functionName: string; params: unknown }[]): ToolCall[] {
    return made.map((m, index) => {
      const streamed = this.calls[index];
      if (streamed && streamed.args) return { id: streamed.id, name: streamed.name, arguments: streamed.args };
      const args = JSON.stringify(m.params ?? {});
      const id = streamed?.id ?? `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      if (!streamed) this.onDelta?.({ toolCall: { index, id, name: m.functionName } });
      this.onDelta?.({ toolCall: { index, arguments: args } });
      return { id, name: m.functionName, arguments: args };
    });
  }
}
