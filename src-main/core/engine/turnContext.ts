// The AgentContext an agent runs with: model calls that stream, count and persist (modelCall.ts);
// blocks that run through approvals, tools and the store (blockRunner.ts); sub-agents that share the
// turn's cancellation.
import { PLANNER, type AgentName } from '../../common/agents.js';
import { AppError } from '../../common/errors.js';
import type { AgentContext, AgentOutcome } from '../agent.js';
import { cachedCounter, type OffloadEnv } from '../largeInput/offload.js';
import { runWithLargeInputs } from '../largeInput/request.js';
import type { ChatMessage, Emit } from '../ports.js';
import { BlockRunner } from './blockRunner.js';
import { ModelCaller } from './modelCall.js';
import { taintReason, type TurnServices, type TurnState } from './turnState.js';

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
  const model = new ModelCaller(services, state, input, counter, offload);
  const blocks = new BlockRunner(services, state, offload);
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
    callModel: (messages, options) => model.call(messages, options),
    runBlocks: (list, tools, call) => blocks.runBlocks(list, tools, call),
    runSubAgent: (name, request) => runSubAgent(services, state, input, name, request),
    markTainted: (source: string) => {
      state.taintedBy ??= source;
    },
    get tainted() {
      return taintReason(state) !== null;
    },
  };
}

/** Another agent on the same turn: fresh memory, the same workspace, cancellation and counters. */
function runSubAgent(services: TurnServices, state: TurnState, parent: { cacheKey: string; agentName: AgentName }, name: AgentName, request: string): Promise<AgentOutcome> {
  if (name === parent.agentName && name === PLANNER) throw new AppError('BAD_INPUT', 'A planner cannot start another planner.');
  const sub = createAgentContext(services, state, { request, history: [], cacheKey: `${parent.cacheKey}:${name}:${state.llmCalls}`, agentName: name });
  return services.largeInputs ? runWithLargeInputs(services.agent(name), sub, services.largeInputs, state.contextSize, null) : services.agent(name).run(sub);
}
