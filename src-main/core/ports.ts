// Ports: what the core needs from the outside world. Adapters in node/ implement them; app/ wires them.
import type { AgentChoice, Complexity } from '../common/agents.js';
import type { BlockStatus, EventInput, RoutingDecision } from '../common/events.js';
import type { ToolDefinition } from './tools/defineTool.js';

export type ChatRole = 'system' | 'user' | 'assistant';
export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** On an assistant message: the tool calls it made (only providers with toolCalling read it). */
  toolCalls?: ToolCall[];
  /**
   * Marks a tool's result for the call with this id (OpenAI's `tool` message). Its role stays 'user',
   * so a provider without tool calling still reads it as input.
   */
  toolCallId?: string;
}

/** A function the model may call (OpenAI's `tools[].function`). */
export interface FunctionDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments. */
  parameters?: object;
}
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };
/** A call the model made; `arguments` is the JSON text as the model wrote it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface LlmDelta {
  text?: string;
  reasoning?: string;
  /** A piece of the tool call at `index`: id and name come first, arguments arrive in fragments. */
  toolCall?: { index: number; id?: string; name?: string; arguments?: string };
}

export interface CompletionRequest {
  messages: ChatMessage[];
  signal: AbortSignal;
  onDelta?: (delta: LlmDelta) => void;
  /** Constrain the output to JSON matching this schema, where the provider can (llama grammar). */
  jsonSchema?: object;
  maxTokens?: number;
  /** Sampling temperature for this call (the local API's clients set it); the provider's default otherwise. */
  temperature?: number;
  /** Lets a stateful provider keep this conversation's prefix in its KV cache between calls. */
  cacheKey?: string;
  /** Functions the model may call; only for a provider whose `toolCalling` is true. */
  tools?: FunctionDefinition[];
  toolChoice?: ToolChoice;
  /** False: at most one call in the reply (OpenAI's `parallel_tool_calls`); absent: the model's own way. */
  parallelToolCalls?: boolean;
}

export interface Completion {
  /** The answer, reasoning already split off. */
  text: string;
  reasoning: string;
  /** True when the provider stopped because of a length limit: the reply may be cut mid-block. */
  truncated: boolean;
  usage?: { promptTokens: number; completionTokens: number; evaluatedTokens?: number };
  /** The tool calls the model made instead of (or besides) answering; absent when none. */
  toolCalls?: ToolCall[];
}

export interface ProviderInfo {
  kind: string;
  model: string;
  /** Runs on this machine (no data leaves it). */
  local: boolean;
  /** The real context size in tokens, from the model or server, never guessed from a name. */
  contextSize: number;
  /** 'exact' when countTokens uses the model's tokenizer, 'estimate' otherwise. */
  tokenizer: 'exact' | 'estimate';
  /** Where contextSize came from; 'estimate' when neither the model, the server nor a table of exact ids said. */
  contextSizeSource?: 'model' | 'server' | 'table' | 'estimate';
}

export interface LlmProvider {
  /** True when complete() honours `tools` and returns `toolCalls` (the model server decides whether the model uses them). */
  readonly toolCalling?: boolean;
  /** Throws BAD_INPUT when these tools cannot be offered (a schema it cannot follow): checked before a stream starts. */
  checkTools?(tools: FunctionDefinition[], choice?: ToolChoice): void;
  info(signal?: AbortSignal): Promise<ProviderInfo>;
  complete(request: CompletionRequest): Promise<Completion>;
  countTokens(text: string): Promise<number>;
  /** Forget a conversation's cached state (session deleted, history compacted). */
  release?(cacheKey: string): void;
  /** One vector per text, from the loaded model itself (the embedded engine); absent where the provider has none. */
  embed?(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  dispose?(): Promise<void>;
}

/** One fenced block found in a reply. */
export interface Block {
  id: string;
  tag: string;
  /** The text between the fence lines, de-indented by the fence's own indentation. */
  code: string;
  /** Workspace-relative save path from `tag:path`, or null. */
  savePath: string | null;
  /** `name=value` lines of the block. */
  params: Record<string, string>;
  /** Character offsets of the whole fenced block in the reply. */
  start: number;
  end: number;
}

export interface ToolContext {
  workspace: string;
  signal: AbortSignal;
  turnId: string;
  blockId: string;
  /** Streams terminal output for the UI. */
  onOutput: (data: string) => void;
  timeoutMs: number;
}

export interface ToolResult {
  status: BlockStatus;
  exitCode: number | null;
  output: string;
  savedTo: string | null;
  durationMs: number;
  /** Extra text for the model on failure (what failed and how to fix it). */
  feedback?: string;
  /** Binary results kept out of the text (MCP images, audio): base64 without a data: prefix. */
  attachments?: { mime: string; data: string }[];
  /** Names an untrusted source the output holds text from (a file the user marked untrusted), beyond what the tool's definition declares. */
  untrusted?: string;
  /** Bytes a code block received from the network, observed on its own network namespace; absent where not observed. */
  networkBytesIn?: number;
}

/**
 * An installed tool: its definition (tag, aliases, prompt, input, whole policy: core/tools/defineTool.ts)
 * and its run function. The parser, the judge, the loop, the taint rule and the prompts read the
 * definition from the tool itself, so a tool is declared and implemented in one module.
 */
export interface Tool {
  readonly definition: ToolDefinition;
  run(block: Block, ctx: ToolContext): Promise<ToolResult>;
}

export type ApprovalVerdict = { action: 'allow' } | { action: 'ask'; reasons: string[] } | { action: 'deny'; reasons: string[] };

/** Routes a request to an agent; with the user's choice it still reports the request's language. */
export interface RequestRouter {
  route(text: string, userChoice?: AgentChoice): Promise<RoutingDecision>;
}

/** The approval judge's view of a block about to run: allow, ask, or deny (the mode is the judge's own setting). */
export interface BlockJudge {
  /** `definition` is the definition of the installed tool that would run the block (what it does, how it is checked). */
  judge(block: Block, opts: { workspace: string; tainted: boolean; taintReason?: string; definition: ToolDefinition }): ApprovalVerdict | Promise<ApprovalVerdict>;
}

export interface ApprovalRequest {
  turnId: string;
  blockId: string | null;
  tool: string;
  command: string;
  reasons: string[];
  signal: AbortSignal;
}
/** Asks the user; resolves false when declined, unanswerable (no terminal, no UI) or cancelled. */
export type AskUser = (request: ApprovalRequest) => Promise<boolean>;

export interface ClassifierScores {
  agent: Record<string, number>;
  complexity: Record<Complexity, number>;
  language: string;
}
export interface RequestClassifier {
  classify(text: string): Promise<ClassifierScores>;
}

export type Emit = (event: EventInput) => void;

/** Per-turn checkpoints of the workspace (node/checkpoints): the engine calls begin before a turn's agent runs. */
export interface Checkpoints {
  /** Records the workspace and holds it for this turn (one turn per workspace at a time); resolves to the step that ends the turn. */
  begin(turn: { sessionId: string; turnId: string; workspace: string; signal: AbortSignal }): Promise<() => Promise<void>>;
}

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}
