// POST /v1/chat/completions: the loaded model or an agent (`agentic/<agent>`), as JSON or as
// server-sent events. A client that goes away mid-stream cancels the generation (or the turn).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AGENT_CHOICES } from '../../common/agents.js';
import type { LlmProvider, Logger } from '../../core/ports.js';
import { completeWithAgent, completeWithModel, type ApiCompletion, type ApiDelta, type ModelCall, type TurnRunner } from './completions.js';
import type { ConversationSessions } from './conversations.js';
import type { FairQueue } from './fairQueue.js';
import { errorResponse, HttpError, openEventStream, readJson, sendJson } from './http.js';
import { ChatRequestSchema, describeIssues, stopsOf, toChatMessages, toolsOf, usesTools, type ChatRequest } from './schemas.js';

export const AGENT_MODEL_PREFIX = 'agentic/';
export const agentModels = (): string[] => AGENT_CHOICES.map((a) => `${AGENT_MODEL_PREFIX}${a}`);

export interface ChatRouteDeps {
  provider: () => LlmProvider;
  /** The loaded model's id, as /v1/models lists it. */
  modelId: () => Promise<string>;
  turns: TurnRunner | null;
  modelQueue: FairQueue;
  agentQueue: FairQueue;
  conversations: ConversationSessions;
  logger: Logger;
}

function parseChat(body: unknown): ChatRequest {
  const parsed = ChatRequestSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, 'invalid_request', describeIssues(parsed.error));
  return parsed.data;
}

/**
 * Tools go to a provider that can offer them to its model (a model server, the embedded engine); agents
 * and other providers refuse them. An agent still takes a history with tool calls (agentHistory.ts).
 */
async function checkTools(request: ChatRequest, target: { agent: string | null }, provider: LlmProvider): Promise<void> {
  const offered = toolsOf(request);
  if (target.agent === null ? !usesTools(request) : !offered.tools) return;
  const why =
    target.agent !== null
      ? 'agent models use their own tools and do not take "tools"'
      : provider.toolCalling
        ? null
        : `the current provider (${(await provider.info()).kind}) cannot pass tool calls; the embedded model and OpenAI-compatible servers (Ollama, LM Studio, llama.cpp server) can`;
  if (why) throw new HttpError(400, 'tools_unsupported', `Tool calling is not available here: ${why}. Send the request without "tools" (for Continue, use chat mode).`);
  if (offered.tools) provider.checkTools?.(offered.tools, offered.toolChoice);
}

async function resolveTarget(deps: ChatRouteDeps, model: string): Promise<{ agent: string } | { agent: null }> {
  if (model.startsWith(AGENT_MODEL_PREFIX)) {
    const agent = model.slice(AGENT_MODEL_PREFIX.length);
    if (!deps.turns) throw new HttpError(404, 'model_not_found', 'Agents are not served here.');
    if (!(AGENT_CHOICES as readonly string[]).includes(agent)) throw new HttpError(404, 'model_not_found', `No agent "${agent}". Models: ${agentModels().join(', ')}.`);
    return { agent };
  }
  const id = await deps.modelId();
  if (model !== id) throw new HttpError(404, 'model_not_found', `The model "${model}" is not loaded. Models: ${[id, ...agentModels()].join(', ')}.`);
  return { agent: null };
}

/** An ApiDelta as OpenAI's chunk delta. */
function deltaOf(d: ApiDelta): Record<string, unknown> {
  if (d.reasoning) return { reasoning_content: d.reasoning };
  if (d.toolCall) {
    const { index, id, name, arguments: args } = d.toolCall;
    const fn = { ...(name ? { name } : {}), arguments: args ?? '' };
    return { tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: fn }] };
  }
  return { content: d.content };
}

export async function handleChat(req: IncomingMessage, res: ServerResponse, deps: ChatRouteDeps, headers: Record<string, string>): Promise<void> {
  const request = parseChat(await readJson(req));
  const target = await resolveTarget(deps, request.model);
  const provider = deps.provider();
  await checkTools(request, target, provider);
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: request.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const stream = request.stream ? openEventStream(res, headers) : null;
  stream?.send(chunk({ role: 'assistant', content: '' }, null));
  const call: ModelCall = {
    messages: toChatMessages(request),
    maxTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
    temperature: request.temperature ?? undefined,
    stops: stopsOf(request),
    ...toolsOf(request),
    signal: abort.signal,
    onDelta: (d: ApiDelta) => stream?.send(chunk(deltaOf(d), null)),
  };
  let result: ApiCompletion;
  try {
    result =
      target.agent === null
        ? await deps.modelQueue.run(abort.signal, () => completeWithModel(provider, call))
        : await deps.agentQueue.run(abort.signal, () => completeWithAgent(deps.turns!, target.agent, call, deps.conversations, (t) => provider.countTokens(t)));
  } catch (error) {
    if (abort.signal.aborted) return void deps.logger.info('local api: client left; generation stopped', { id });
    if (!stream) throw error;
    stream.send(errorResponse(error).body);
    return void res.end();
  }
  if (stream) {
    stream.send(chunk({}, result.finish));
    if (request.stream_options?.include_usage) stream.send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage: result.usage });
    return stream.end();
  }
  const message = {
    role: 'assistant',
    // OpenAI sends null content beside tool calls when the model wrote no text.
    content: result.toolCalls && !result.text ? null : result.text,
    ...(result.reasoning ? { reasoning_content: result.reasoning } : {}),
    ...(result.toolCalls ? { tool_calls: result.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
  };
  sendJson(
    res,
    200,
    { id, object: 'chat.completion', created, model: request.model, choices: [{ index: 0, message, finish_reason: result.finish, logprobs: null }], usage: result.usage },
    headers,
  );
}
