// The embedded provider: llama.cpp through node-llama-cpp. Keeps each conversation's tokens in a context
// sequence so the next call evaluates only what changed (the new prompt's tokens are compared with the
// sequence's and the common prefix kept), and refuses a prompt that would not fit instead of letting the
// engine drop history silently. Two generation paths: plain chat runs a lean evaluate loop
// (llamaGenerate.ts), grammar requests and templates that loop cannot parse go through LlamaChat
// (llamaChatGenerate.ts); the first is why generation keeps up with a bare llama.cpp loop. Loading
// the model is llamaLoad.ts.
import type { ChatHistoryItem, ChatModelFunctions, ChatWrapperGeneratedContextState, Llama, LlamaGrammar, Token } from 'node-llama-cpp';
import { AppError, isAbortError } from '../../common/errors.js';
import { createReasoningStream, splitReasoning } from '../../core/llm/reasoning.js';
import type { Completion, CompletionRequest, LlmDelta, LlmProvider, ProviderInfo, ToolChoice, FunctionDefinition } from '../../core/ports.js';
import { generateWithChat } from './llamaChatGenerate.js';
import { toChatHistory } from './chatHistory.js';
import { embedTexts } from './llamaEmbed.js';
import { generatePlain, plainStops } from './llamaGenerate.js';
import { EngineReloads, EngineRetired, markingStreamed, withGpuRecovery, type Attempt } from './gpuRecovery.js';
import { disposeEngine, loadLlamaEngine, type Engine, type LlamaCppProviderOptions, type Slot } from './llamaLoad.js';
import { llamaToolsOf, type LlamaTools } from './llamaTools.js';
import { commonPrefixLength } from './promptStates.js';

/** The tokens the reply may take; a prompt that leaves less than asked is refused, never cut silently. */
function replyRoom(promptTokens: number, contextSize: number, wanted: number | undefined): number {
  const room = contextSize - promptTokens;
  if (room < Math.max(1, wanted ?? 1)) {
    throw new AppError(
      'CONTEXT_OVERFLOW',
      `The conversation needs ${promptTokens}${wanted ? ` + ${wanted}` : ''} tokens but the model's context holds ${contextSize}: start a new session or compact the history.`,
    );
  }
  return Math.min(wanted ?? room, room);
}

export class LlamaCppProvider implements LlmProvider {
  /** Functions go to LlamaChat, which stops at the model's calls and returns them unrun (llamaTools.ts). */
  readonly toolCalling = true;
  private engine: Promise<Engine> | null = null;
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  private disposed = false;
  /** Aborts a load still running when the provider is disposed (the user switched models meanwhile). */
  private readonly loadAbort = new AbortController();
  /** Reloads after a reply ran out of GPU memory (gpuRecovery.ts). */
  private readonly reloads = new EngineReloads<Engine>({
    drain: disposeEngine,
    load: (layers, reason) => {
      this.gpuLayers = layers; // later loads keep the fewer layers too
      return this.load(reason);
    },
    install: (next) => {
      this.engine = next;
      next.catch(() => {
        if (this.engine === next) this.engine = null;
      });
    },
  });
  /** Set by such a reload: later loads keep its fewer layers. */
  private gpuLayers: LlamaCppProviderOptions['gpuLayers'];

  constructor(private readonly options: LlamaCppProviderOptions) {
    this.gpuLayers = options.gpuLayers;
  }

  checkTools(tools: FunctionDefinition[], choice?: ToolChoice): void {
    llamaToolsOf(tools, choice);
  }

  async info(): Promise<ProviderInfo> {
    const { model, context } = await this.load();
    return { kind: 'llama', model: model.filename ?? this.options.modelPath, local: true, contextSize: context.contextSize, tokenizer: 'exact' };
  }

  async countTokens(text: string): Promise<number> {
    const { model } = await this.load();
    return model.tokenize(text).length;
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    if (request.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.');
    const tools = llamaToolsOf(request.tools, request.toolChoice, request.parallelToolCalls);
    if (tools && request.jsonSchema) throw new AppError('BAD_INPUT', 'A request takes either tools or a JSON schema for the answer, not both.');
    // Out of GPU memory mid-reply: reload with fewer layers, and run it again if nothing was shown (gpuRecovery.ts).
    return withGpuRecovery<Engine, Completion>((attempt) => this.attempt(request, tools, attempt), {
      signal: request.signal,
      disposed: () => this.disposed,
      placementOf: (engine) => engine.placement,
      reload: async (engine, layers, reason) => (await this.reloads.reload(engine, layers, reason)).placement,
      logger: this.options.logger,
    });
  }

  private async attempt(request: CompletionRequest, tools: LlamaTools | null, attempt: Attempt<Engine>): Promise<Completion> {
    const engine = await this.load();
    attempt.engine = engine;
    const grammar = request.jsonSchema ? await this.grammarFor(engine.llama, request.jsonSchema) : undefined;
    const slot = this.pickSlot(engine, request.cacheKey ?? null);
    const shown = markingStreamed(request, attempt);
    const run = slot.queue.then(() => {
      if (this.reloads.retired(engine)) throw new EngineRetired();
      return this.generate(engine, slot, shown, grammar, tools);
    });
    slot.queue = run.catch(() => undefined);
    return run;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    return embedTexts(await this.load(), texts, signal);
  }

  release(cacheKey: string): void {
    if (!this.engine) return;
    void this.engine.then(
      (engine) => {
        for (const slot of engine.slots) {
          if (slot.owner !== cacheKey) continue;
          slot.owner = null;
          // The conversation goes; its system prompt stays for the agent's next session.
          const keep = slot.systemTokens;
          const forget = () => (keep > 0 ? slot.sequence.eraseContextTokenRanges([{ start: keep, end: slot.sequence.nextTokenIndex }]) : slot.sequence.clearHistory());
          slot.queue = slot.queue.then(forget).catch((error: unknown) => {
            this.options.logger.warn('llama: clearing a cached conversation failed', { error: String(error) });
          });
        }
      },
      () => undefined,
    );
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.loadAbort.abort();
    const engine = this.engine;
    this.engine = null;
    if (!engine) return;
    const loaded = await engine.catch(() => null);
    if (loaded) await disposeEngine(loaded);
  }

  /** `reloadReason`: a reload after running out of GPU memory, which always loads anew. */
  private load(reloadReason?: string): Promise<Engine> {
    if (this.disposed) return Promise.reject(new AppError('INTERNAL', 'The model was unloaded.'));
    if (!this.engine || reloadReason) {
      const options = { ...this.options, gpuLayers: this.gpuLayers };
      // Once disposed (another model took over), this load reports nothing more.
      this.engine = loadLlamaEngine(
        options,
        this.loadAbort.signal,
        (load) => {
          if (!this.disposed) this.options.onLoad?.(load);
        },
        reloadReason,
      );
      this.engine.catch(() => {
        this.engine = null; // let a later call retry (file downloaded meanwhile, memory freed)
      });
    }
    return this.engine;
  }

  private pickSlot(engine: Engine, cacheKey: string | null): Slot {
    const mine = cacheKey === null ? undefined : engine.slots.find((s) => s.owner === cacheKey);
    const slot = mine ?? engine.slots.find((s) => s.owner === null) ?? engine.slots.reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
    // A different conversation on this sequence still reuses whatever token prefix they share.
    slot.owner = cacheKey;
    slot.lastUsed = performance.now();
    return slot;
  }

  private grammarFor(llama: Llama, schema: object): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      grammar = llama.createGrammarForJsonSchema(schema as Parameters<Llama['createGrammarForJsonSchema']>[0]).catch((error: unknown) => {
        this.grammars.delete(key);
        throw new AppError('BAD_INPUT', `This JSON schema cannot be turned into a grammar: ${error instanceof Error ? error.message : String(error)}`);
      });
      this.grammars.set(key, grammar);
    }
    return grammar;
  }

  /** The prompt as the chat template lays it out, with the open assistant turn LlamaChat adds. */
  private renderPrompt(
    engine: Engine,
    slot: Slot,
    history: ChatHistoryItem[],
    functions?: ChatModelFunctions,
  ): { tokens: Token[]; state: ChatWrapperGeneratedContextState; continues: boolean } {
    const continues = history.at(-1)?.type === 'model';
    const withReply = continues ? history : [...history, { type: 'model' as const, response: [] }];
    const state = slot.chat.chatWrapper.generateContextState({ chatHistory: withReply, ...(functions ? { availableFunctions: functions, documentFunctionParams: true } : {}) });
    return { tokens: state.contextText.tokenize(engine.model.tokenizer), state, continues };
  }

  /** The prompt's first tokens that render its system message, the same in every session of an agent. */
  private systemPrefix(engine: Engine, slot: Slot, history: ChatHistoryItem[], promptTokens: Token[]): Token[] {
    const first = history[0];
    if (first?.type !== 'system' || history.length < 2) return [];
    const key = typeof first.text === 'string' ? first.text : JSON.stringify(first.text);
    let alone = engine.systemPrefixes.get(key);
    if (!alone) {
      alone = this.renderPrompt(engine, slot, [first]).tokens;
      if (engine.systemPrefixes.size >= 32) engine.systemPrefixes.clear();
      engine.systemPrefixes.set(key, alone);
    }
    // Rendered alone it ends with the open reply turn; the shared part stops where that begins.
    return promptTokens.slice(0, commonPrefixLength(alone, promptTokens));
  }

  private async generate(engine: Engine, slot: Slot, request: CompletionRequest, grammar: LlamaGrammar | undefined, tools: LlamaTools | null): Promise<Completion> {
    const history = toChatHistory(request.messages);
    const contextSize = engine.context.contextSize;
    const prompt = this.renderPrompt(engine, slot, history, tools?.functions);
    const system = this.systemPrefix(engine, slot, history, prompt.tokens);
    slot.systemTokens = system.length;
    const promptTokens = prompt.tokens.length;
    const maxTokens = replyRoom(promptTokens, contextSize, request.maxTokens);
    const evaluatedBefore = slot.sequence.tokenMeter.usedInputTokens;
    if (engine.prompts && system.length > 0 && system.length < contextSize) await engine.prompts.prepare(slot.sequence, system);
    const stream = createReasoningStream();
    const onDelta = request.onDelta;
    const say = (delta: LlmDelta): void => {
      if (onDelta && (delta.text || delta.reasoning)) onDelta(delta);
    };
    // Plain chat takes the fast loop; grammars, continued replies and templates it cannot parse, LlamaChat.
    const stops = grammar || tools || prompt.continues ? null : plainStops(slot.chat.chatWrapper, prompt.state, engine.model);
    try {
      const reply = stops
        ? await generatePlain({
            sequence: slot.sequence,
            model: engine.model,
            promptTokens: prompt.tokens,
            stops,
            maxTokens,
            signal: request.signal,
            onText: onDelta ? (text) => say(stream.push(text)) : () => undefined,
            temperature: request.temperature ?? this.options.temperature,
            seed: this.options.seed,
            repeatPenalty: this.options.repeatPenalty ?? false,
            contextSize,
          }).then((r) => ({ text: r.text, thoughts: [], tokens: r.tokens, truncated: r.stopReason === 'maxTokens', toolCalls: [] }))
        : await generateWithChat(slot.chat, history, request, {
            maxTokens,
            grammar,
            contextSize,
            temperature: request.temperature ?? this.options.temperature,
            seed: this.options.seed,
            repeatPenalty: this.options.repeatPenalty ?? false,
            say,
            stream,
            ...(tools ? { tools: { ...tools, toText: (value) => engine.module.LlamaText(value) } } : {}),
          });
      say(stream.flush());
      const split = splitReasoning(reply.text);
      return {
        text: split.answer,
        reasoning: [...reply.thoughts, split.reasoning].filter(Boolean).join('\n\n'),
        truncated: reply.truncated,
        ...(reply.toolCalls.length ? { toolCalls: reply.toolCalls } : {}),
        usage: { promptTokens, completionTokens: reply.tokens, evaluatedTokens: slot.sequence.tokenMeter.usedInputTokens - evaluatedBefore },
      };
    } catch (error) {
      if (request.signal.aborted || isAbortError(error)) throw new AppError('CANCELLED', 'Cancelled.', { cause: error });
      if (error instanceof AppError) throw error;
      throw new AppError('PROVIDER_ERROR', `llama.cpp failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
