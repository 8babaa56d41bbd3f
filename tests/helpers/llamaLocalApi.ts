// The local API served on the real embedded engine (node-llama-cpp on the tiny random-weight GGUF),
// with the official `openai` client pointed at it: the fixture of the tests that drive the API end
// to end on llama.cpp.
import OpenAI from 'openai';
import type { Completion, CompletionRequest, LlmProvider } from '../../src-main/core/ports.js';
import { startLocalApi, type LocalApi } from '../../src-main/node/api/server.js';
import { LlamaCppProvider } from '../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { tinyModelPath } from './tinyGguf.js';

export interface LlamaApi {
  llama: LlamaCppProvider;
  api: LocalApi;
  client: OpenAI;
  /** The id the API lists for the loaded model. */
  model: string;
}

export interface LlamaApiOptions {
  token: string;
  seed: number;
  /** How each generation the API started ended, 'done' or the error's code, is pushed here (the engine, not the HTTP layer, says it stopped). */
  outcomes: string[];
  /** Offer the engine's tool calling to the API (otherwise it answers that tools are unsupported). */
  toolCalling?: boolean;
}

/** The real provider, each call's outcome recorded. */
function observed(llama: LlamaCppProvider, options: LlamaApiOptions): LlmProvider {
  const record = (outcome: string) => options.outcomes.push(outcome);
  return {
    ...(options.toolCalling ? { toolCalling: llama.toolCalling, checkTools: (tools, choice) => llama.checkTools(tools, choice) } : {}),
    info: () => llama.info(),
    countTokens: (text) => llama.countTokens(text),
    embed: (texts, signal) => llama.embed(texts, signal),
    complete: (request: CompletionRequest): Promise<Completion> =>
      llama
        .complete(request)
        .then((c) => (record('done'), c))
        .catch((error: { code?: string }) => {
          record(error.code ?? 'error');
          throw error;
        }),
  };
}

export async function startLlamaApi(options: LlamaApiOptions): Promise<LlamaApi> {
  const llama = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: options.seed });
  const provider = observed(llama, options);
  const api = await startLocalApi({ provider: () => provider, turns: null, logger: silentLogger }, { token: options.token });
  const client = new OpenAI({ baseURL: api.baseUrl, apiKey: options.token, maxRetries: 0, timeout: 120_000 });
  const model = (await client.models.list()).data[0]!.id;
  return { llama, api, client, model };
}
