// The AgentContext an agent runs with: model calls that stream, count and persist; blocks that run
// through approvals, tools and the store; sub-agents that share the turn's cancellation.
import { PLANNER, type AgentName } from '../../common/agents.js';
import { AppError, toErrorData } from '../../common/errors.js';
import type { BlockResult } from '../../common/events.js';
import type { Agent, AgentContext, AgentOutcome, ModelCallOptions } from '../agent.js';
import { DEFAULT_MAX_BLOCKS, parseReplyBlocks, withPlaceholders } from '../blocks/parse.js';
import type { ApprovalVerdict, AskUser, Block, ChatMessage, Emit, LlmProvider, Logger, Tool, ToolResult } from '../ports.js';
import type { SessionStore } from '../store.js';
import { toolPolicy } from '../tools/registry.js';
import { countMessages, fitToContext } from './budget.js';
import { cachedCounter, callLimit, keepLargeOutput, offloadToFit, type OffloadEnv } from '../largeInput/offload.js';
import { runWithLargeInputs, type LargeInputEnv } from '../largeInput/request.js';

export interface TurnServices {
  store: SessionStore;
  llm: LlmProvider;
  emit: Emit;
  logger: Logger;
  askUser: AskUser;
  judge: (block: Block, opts: { workspace: string; tainted: boolean; taintReason?: string }) => ApprovalVerdict | Promise<ApprovalVerdict>;
  agent: (name: AgentName) => Agent;
  blockTimeoutMs: number;
  /** Blocks one reply may run; the rest are refused with feedback (default 20). */
  maxBlocksPerReply?: number;
  /** Keeps texts too large for the context as workspace files (issue 29); without it calls are only trimmed. */
  largeInputs?: LargeInputEnv;
  /** Appended to the system prompt of every streamed call (the memory block), when the call still fits with it. */
  systemExtra?: string;
}

export interface TurnState {
  sessionId: string;
  turnId: string;
  workspace: string;
  language: string;
  signal: AbortSignal;
  llmCalls: number;
  blockCount: number;
  /** The untrusted source whose text entered this turn (web pages, MCP results), if any. */
  taintedBy: string | null;
  /** The untrusted source of text from an earlier turn still in the session's memory (set by loadHistory). */
  heldTaint: string | null;
  contextSize: number;
}

/** Why blocks ask while the session is tainted; null when it is not. Shown in the approval dialog. */
export function taintReason(state: Pick<TurnState, 'taintedBy' | 'heldTaint'>): string | null {
  if (state.taintedBy !== null) return `untrusted text (${state.taintedBy}) entered this turn: it may carry instructions that are not yours`;
  if (state.heldTaint !== null) {
    return `the conversation still holds untrusted text (${state.heldTaint}) from an earlier turn: blocks ask until it leaves the model's context`;
  }
  return null;
}

function withSystemExtra(messages: ChatMessage[], extra: string | undefined): ChatMessage[] | null {
  if (!extra || messages[0]?.role !== 'system') return null;
  return [{ role: 'system', content: `${messages[0].content.trimEnd()}\n\n${extra}` }, ...messages.slice(1)];
}

export function createAgentContext(
  services: TurnServices,
  state: TurnState,
  input: { request: string; history: ChatMessage[]; cacheKey: string; agentName: AgentName },
): AgentContext {
  const { store, llm, emit, logger } = services;
  const ids = { sessionId: state.sessionId, turnId: state.turnId };
  // Plans are part of the turn's record: persist them as they change.
  const agentEmit: Emit = (event) => {
    if (event.type === 'plan.updated') store.updateTurn(state.turnId, { plan: event.steps });
    emit(event);
  };

  // Counted with the model's tokenizer before every call; each text once (the loop resends them).
  const counter = cachedCounter(llm);
  const offload: OffloadEnv | null = services.largeInputs
    ? { files: services.largeInputs.files, workspace: state.workspace, counter, contextSize: state.contextSize, emit, ids, kept: new Map() }
    : null;

  const callModel: AgentContext['callModel'] = async (messages: ChatMessage[], options: ModelCallOptions = {}) => {
    state.signal.throwIfAborted();
    const call = ++state.llmCalls;
    const stream = options.stream !== false;
    const room = (list: ChatMessage[]) => (offload ? offloadToFit(list, offload) : Promise.resolve(list));
    const extra = stream ? withSystemExtra(messages, services.systemExtra) : null;
    let roomy = extra ? await room(extra) : await room(messages);
    // Memory is worth less than the task: a call that cannot fit with it goes without it.
    if (extra && (await countMessages(counter, roomy)) > callLimit(state.contextSize)) roomy = await room(messages);
    const fitted = await fitToContext(counter, roomy, state.contextSize);
    if (stream) emit({ type: 'llm.started', ...ids, call, agent: input.agentName });
    const completion = await llm.complete({
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
    const parsed = options.toolTags
      ? parseReplyBlocks(completion.text, options.toolTags, { maxBlocks: services.maxBlocksPerReply ?? DEFAULT_MAX_BLOCKS })
      : { blocks: [], refused: 0, foreign: [] };
    const blocks = parsed.blocks.map((b) => ({ ...b, id: `${state.turnId.slice(0, 8)}-${++state.blockCount}` }));
    if (stream) {
      const text = blocks.length ? withPlaceholders(completion.text, blocks) : completion.text;
      store.addReply(state.turnId, { call, text, reasoning: completion.reasoning });
      emit({ type: 'reply.completed', ...ids, call, agent: input.agentName, text, reasoning: completion.reasoning });
    }
    if (parsed.refused > 0) logger.warn('reply has more blocks than allowed; the rest are refused', { kept: blocks.length, refused: parsed.refused });
    return { ...completion, call, blocks, refusedBlocks: parsed.refused, foreignTags: parsed.foreign };
  };

  const runOne = async (block: Block, tools: readonly Tool[], call: number): Promise<BlockResult> => {
    const started = performance.now();
    emit({ type: 'block.started', ...ids, blockId: block.id, call, tool: block.tag, code: block.code, savePath: block.savePath });
    let result: ToolResult;
    const tool = tools.find((t) => t.tag === block.tag);
    if (!tool) {
      result = { status: 'error', exitCode: null, output: `No tool handles \`${block.tag}\` blocks here.`, savedTo: null, durationMs: 0 };
    } else {
      const reason = taintReason(state);
      const verdict = await services.judge(block, { workspace: state.workspace, tainted: reason !== null, ...(reason !== null ? { taintReason: reason } : {}) });
      result = await approveThenRun(block, tool, verdict);
    }
    const output = result.feedback && result.status !== 'ok' ? `${result.output}${result.output ? '\n' : ''}${result.feedback}` : result.output;
    const finished: BlockResult = {
      blockId: block.id,
      tool: block.tag,
      status: result.status,
      success: result.status === 'ok',
      exitCode: result.exitCode,
      // A tool that bounds its own output (file_finder reads in ranges) says so in its policy; other tools' floods are kept whole as files.
      output: offload && toolPolicy(block.tag)?.boundsOwnOutput !== true ? await keepLargeOutput(output, offload) : output,
      savedTo: result.savedTo,
      durationMs: result.durationMs || Math.round(performance.now() - started),
    };
    // Text from outside (an MCP answer, search results, a file marked untrusted): later actions ask first, in this turn and while it stays in memory.
    // Whatever the status: an MCP error result, a JSON-RPC error or a failed block that printed a marked file reach the model too.
    // Only a block that never ran (declined, no tool) carries nothing but the app's own words.
    const untrusted = result.untrusted ?? toolPolicy(block.tag)?.untrustedOutput ?? null;
    if (untrusted !== null && tool && result.status !== 'declined') state.taintedBy ??= untrusted;
    store.addBlock(state.turnId, { ...finished, code: block.code, call });
    logger.info('block finished', { turnId: state.turnId, blockId: block.id, tool: block.tag, status: finished.status, ms: finished.durationMs });
    emit({ type: 'block.finished', ...ids, ...finished });
    return finished;
  };

  const approveThenRun = async (block: Block, tool: Tool, verdict: ApprovalVerdict): Promise<ToolResult> => {
    const declined = (why: string): ToolResult => ({ status: 'declined', exitCode: null, output: why, savedTo: null, durationMs: 0 });
    if (verdict.action === 'deny') return declined(`Not run: ${verdict.reasons.join('; ')}.`);
    if (verdict.action === 'ask') {
      const approved = await services.askUser({
        turnId: state.turnId,
        blockId: block.id,
        tool: block.tag,
        command: block.code,
        reasons: verdict.reasons,
        signal: state.signal,
      });
      state.signal.throwIfAborted();
      if (!approved)
        return declined(`The user declined to run this ${block.tag} block (${verdict.reasons.join('; ')}). Do not retry it as is; propose a safer way or ask the user.`);
    }
    try {
      return await tool.run(block, {
        workspace: state.workspace,
        signal: state.signal,
        turnId: state.turnId,
        blockId: block.id,
        timeoutMs: services.blockTimeoutMs,
        onOutput: (data) => emit({ type: 'terminal.output', ...ids, blockId: block.id, data }),
      });
    } catch (error) {
      if (state.signal.aborted) throw error;
      const data = toErrorData(error);
      logger.warn('tool failed', { tool: block.tag, code: data.code });
      return { status: 'error', exitCode: null, output: data.message, savedTo: null, durationMs: 0 };
    }
  };

  const runBlocks: AgentContext['runBlocks'] = async (blocks, tools, call) => {
    const results: BlockResult[] = [];
    for (const block of blocks) {
      state.signal.throwIfAborted();
      const result = await runOne(block, tools, call);
      results.push(result);
      if (!result.success) break; // Later blocks usually depend on earlier ones.
    }
    return results;
  };

  const runSubAgent: AgentContext['runSubAgent'] = async (name, request): Promise<AgentOutcome> => {
    if (name === input.agentName && name === PLANNER) throw new AppError('BAD_INPUT', 'A planner cannot start another planner.');
    const sub = createAgentContext(services, state, { request, history: [], cacheKey: `${input.cacheKey}:${name}:${state.llmCalls}`, agentName: name });
    return services.largeInputs ? runWithLargeInputs(services.agent(name), sub, services.largeInputs, state.contextSize, null) : services.agent(name).run(sub);
  };

  return {
    ...ids,
    request: input.request,
    language: state.language,
    workspace: state.workspace,
    history: input.history,
    signal: state.signal,
    emit: agentEmit,
    logger,
    llm,
    askUser: services.askUser,
    callModel,
    runBlocks,
    runSubAgent,
    markTainted: (source: string) => {
      state.taintedBy ??= source;
    },
    get tainted() {
      return taintReason(state) !== null;
    },
  };
}
