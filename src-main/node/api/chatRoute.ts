// POST /v1/chat/completions: the loaded model or an agent (`agentic/<agent>`), as JSON or as
// server-sent events. A client that goes away mid-stream cancels the generation (or the turn).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AGENT_CHOICES } from '../../common/agents.js';
import type { LlmProvider, Logger } from '../../core/ports.js';
import { completeWithAgent, completeWithModel, type ApiCompletion, type ApiDelta, type ModelCall, type TurnRunner } from './completions.js';
import type { FairQueue } from './fairQueue.js';
import { errorResponse, HttpError, openEventStream, readJson, sendJson } from './http.js';
import { ChatRequestSchema, describeIssues, stopsOf, toChatMessages, type ChatRequest } from './schemas.js';

export const AGENT_MODEL_PREFIX = 'agentic/';
export const agentModels = (): string[] => AGENT_CHOICES.map((a) => `${AGENT_MODEL_PREFIX}${a}`);

export interface ChatRouteDeps {
  provider: () => LlmProvider;
  /** The loaded model's id, as /v1/models lists it. */
  modelId: () => Promise<string>;
  turns: TurnRunner | null;
  modelQueue: FairQueue;
  agentQueue: FairQueue;
  logger: Logger;
}

function parseChat(body: unknown): ChatRequest {
  const parsed = ChatRequestSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, 'invalid_request', describeIssues(parsed.error));
  const request = parsed.data;
  if (request.tools?.length && request.tool_choice !== 'none') {
    throw new HttpError(400, 'tools_unsupported', 'Tool calling is not supported by the local API yet: send the request without "tools" (for Continue, use chat mode).');
  }
  return request;
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

export async function handleChat(req: IncomingMessage, res: ServerResponse, deps: ChatRouteDeps, headers: Record<string, string>): Promise<void> {
  const request = parseChat(await readJson(req));
  const target = await resolveTarget(deps, request.model);
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
    signal: abort.signal,
    onDelta: (d: ApiDelta) => stream?.send(chunk(d.reasoning ? { reasoning_content: d.reasoning } : { content: d.content }, null)),
  };
  let result: ApiCompletion;
  try {
    const provider = deps.provider();
    result =
      target.agent === null
        ? await deps.modelQueue.run(abort.signal, () => completeWithModel(provider, call))
        : await deps.agentQueue.run(abort.signal, () => completeWithAgent(deps.turns!, target.agent, call, (t) => provider.countTokens(t)));
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
  const message = { role: 'assistant', content: result.text, ...(result.reasoning ? { reasoning_content: result.reasoning } : {}) };
  sendJson(
    res,
    200,
    { id, object: 'chat.completion', created, model: request.model, choices: [{ index: 0, message, finish_reason: result.finish, logprobs: null }], usage: result.usage },
    headers,
  );
}
