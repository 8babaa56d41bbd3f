// What an agent is to the engine: a name, and a run over a turn's context. Agents are data plus
// this one function; the engine owns routing, memory, persistence, events and cancellation.
import type { AgentName } from '../common/agents.js';
import type { BlockResult } from '../common/events.js';
import type { AskUser, Block, ChatMessage, Completion, Emit, LlmProvider, Logger, Tool } from './ports.js';
import type { ToolDefinition } from './tools/defineTool.js';

export interface ModelCallOptions {
  jsonSchema?: object;
  maxTokens?: number;
  /** Stream deltas to the UI (default true). Internal calls (summaries, plan checks) turn it off. */
  stream?: boolean;
  /** Parse the reply's fenced blocks of these tools (their tags or aliases, core/blocks/aliases.ts); they come back in `blocks`. */
  tools?: readonly ToolDefinition[];
}

/**
 * refusedBlocks: complete blocks past the per-reply limit, not returned in `blocks` and never run.
 * foreignTags: tags of fences holding code in a language no tool runs (```cpp), never run.
 */
export type ModelReply = Completion & { call: number; blocks: Block[]; refusedBlocks?: number; foreignTags?: string[] };

export interface AgentContext {
  sessionId: string;
  turnId: string;
  request: string;
  /** ISO 639-1 code of the user's language ('en', 'fr', 'zh', …) or 'auto'. */
  language: string;
  workspace: string;
  /** Earlier messages of this session (system prompt excluded), already within the context budget. */
  history: ChatMessage[];
  signal: AbortSignal;
  emit: Emit;
  logger: Logger;
  llm: LlmProvider;
  askUser: AskUser;
  /** Calls the model, streams its reply as events, counts the call; reasoning comes back split off. */
  callModel(messages: ChatMessage[], options?: ModelCallOptions): Promise<ModelReply>;
  /** Runs blocks through the tool set with approvals, events, persistence and the workspace guard. */
  runBlocks(blocks: Block[], tools: readonly Tool[], call: number): Promise<BlockResult[]>;
  /** Runs another agent as a sub-agent with fresh memory and the same workspace and cancellation. */
  runSubAgent(agent: AgentName, request: string): Promise<AgentOutcome>;
  /** Marks that untrusted content (web pages, MCP results) entered this turn: consequential actions need approval. */
  markTainted(source: string): void;
  readonly tainted: boolean;
}

export interface AgentOutcome {
  agent: AgentName;
  answer: string;
  reasoning: string;
  /** Messages to append to session memory (user request first, final answer last). */
  memory: ChatMessage[];
  success: boolean;
  /** Files written and sources read, for planner steps that need them. */
  artifacts?: { files?: string[]; sources?: string[] };
}

export interface Agent {
  readonly name: AgentName;
  run(ctx: AgentContext): Promise<AgentOutcome>;
}
