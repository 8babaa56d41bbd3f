// A turn's model calls: fitted to the context (large texts kept as files, the memory block dropped
// when it does not fit), streamed as events, their blocks parsed and numbered, the reply persisted.
import type { AgentName } from '../../common/agents.js';
import type { ModelCallOptions, ModelReply } from '../agent.js';
import { DEFAULT_MAX_BLOCKS, parseReplyBlocks, withPlaceholders } from '../blocks/parse.js';
import { callLimit, offloadToFit, type OffloadEnv } from '../largeInput/offload.js';
import type { ChatMessage, LlmProvider } from '../ports.js';
import { countMessages, fitToContext } from './budget.js';
import type { TurnServices, TurnState } from './turnState.js';

export class ModelCaller {
  constructor(
    private readonly services: TurnServices,
    private readonly state: TurnState,
    private readonly input: { cacheKey: string; agentName: AgentName },
    /** Counted with the model's tokenizer before every call; each text once (the loop resends them). */
    private readonly counter: Pick<LlmProvider, 'countTokens'>,
    private readonly offload: OffloadEnv | null,
  ) {}

  async call(messages: ChatMessage[], options: ModelCallOptions = {}): Promise<ModelReply> {
    const { services, state, input } = this;
    const { emit, store, logger } = services;
    const ids = { sessionId: state.sessionId, turnId: state.turnId };
    state.signal.throwIfAborted();
    const call = ++state.llmCalls;
    const stream = options.stream !== false;
    const fitted = await this.fit(messages, stream);
    if (stream) emit({ type: 'llm.started', ...ids, call, agent: input.agentName });
    const completion = await services.llm.complete({
      messages: fitted,
      signal: state.signal,
      jsonSchema: options.jsonSchema,
      maxTokens: options.maxTokens,
      cacheKey: input.cacheKey,
      onDelta: stream
        ? (d) => {
            if (d.reasoning) emit({ type: 'reasoning.delta', ...ids, call, text: d.reasoning });
            if (d.text) emit({ type: 'answer.delta', ...ids, call, text: d.text });
          }
        : undefined,
    });
    const parsed = options.tools
      ? parseReplyBlocks(completion.text, options.tools, { maxBlocks: services.maxBlocksPerReply ?? DEFAULT_MAX_BLOCKS })
      : { blocks: [], refused: 0, foreign: [] };
    const blocks = parsed.blocks.map((b) => ({ ...b, id: `${state.turnId.slice(0, 8)}-${++state.blockCount}` }));
    if (stream) {
      const text = blocks.length ? withPlaceholders(completion.text, blocks) : completion.text;
      store.addReply(state.turnId, { call, text, reasoning: completion.reasoning });
      emit({ type: 'reply.completed', ...ids, call, agent: input.agentName, text, reasoning: completion.reasoning });
    }
    if (parsed.refused > 0) logger.warn('reply has more blocks than allowed; the rest are refused', { kept: blocks.length, refused: parsed.refused });
    return { ...completion, call, blocks, refusedBlocks: parsed.refused, foreignTags: parsed.foreign };
  }

  /** The messages as sent: large texts kept as files, the memory block added when it still fits, then trimmed to the context. */
  private async fit(messages: ChatMessage[], stream: boolean): Promise<ChatMessage[]> {
    const { offload, state, counter } = this;
    const room = (list: ChatMessage[]) => (offload ? offloadToFit(list, offload) : Promise.resolve(list));
    const extra = stream ? withSystemExtra(messages, this.services.systemExtra) : null;
    let roomy = extra ? await room(extra) : await room(messages);
    // Memory is worth less than the task: a call that cannot fit with it goes without it.
    if (extra && (await countMessages(counter, roomy)) > callLimit(state.contextSize)) roomy = await room(messages);
    return fitToContext(counter, roomy, state.contextSize);
  }
}

function withSystemExtra(messages: ChatMessage[], extra: string | undefined): ChatMessage[] | null {
  if (!extra || messages[0]?.role !== 'system') return null;
  return [{ role: 'system', content: `${messages[0].content.trimEnd()}\n\n${extra}` }, ...messages.slice(1)];
}
