// Forced tool calls on the embedded engine (issue 32): the latency of a call made with
// `tool_choice` naming a function, through the local API (the official `openai` client, not streamed)
// against the same request made in process on the same provider. Interleaved, alternating order, on
// the tiny random-weight model; each side its own prompt so neither reuses the other's KV cache.
import OpenAI from 'openai';
import type { LlmProvider, FunctionDefinition } from '../../src-main/core/ports.js';
import { startLocalApi } from '../../src-main/node/api/server.js';
import { LlamaCppProvider } from '../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { tinyModelPath } from '../../tests/helpers/tinyGguf.js';
import { median, type BenchRow } from '../types.js';

const SUITE = 'apiTools';
const REPS = 20;
const TOKEN = 'agentic-bench-tools-token-0123456789abcdef';
const TOOL: FunctionDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string', maxLength: 16 }, unit: { enum: ['celsius', 'fahrenheit'] } }, required: ['city'] },
};

const question = (side: string, rep: number) => `Do I need a coat in Lyon today? (${side} ${rep})`;

async function inProcess(provider: LlamaCppProvider, rep: number): Promise<{ ms: number; tokens: number }> {
  const started = performance.now();
  const done = await provider.complete({
    messages: [{ role: 'user', content: question('here', rep) }],
    tools: [TOOL],
    toolChoice: { name: TOOL.name },
    maxTokens: 200,
    signal: new AbortController().signal,
  });
  if (done.toolCalls?.[0]?.name !== TOOL.name) throw new Error('no forced call in process');
  return { ms: performance.now() - started, tokens: done.usage?.completionTokens ?? 0 };
}

async function overApi(client: OpenAI, model: string, rep: number): Promise<{ ms: number; tokens: number }> {
  const started = performance.now();
  const reply = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: question('api', rep) }],
    tools: [{ type: 'function', function: { name: TOOL.name, description: TOOL.description, parameters: TOOL.parameters as Record<string, unknown> } }],
    tool_choice: { type: 'function', function: { name: TOOL.name } },
    max_tokens: 200,
  });
  if (reply.choices[0]?.finish_reason !== 'tool_calls') throw new Error('no forced call over the API');
  return { ms: performance.now() - started, tokens: reply.usage?.completion_tokens ?? 0 };
}

export default async function apiToolsBench(): Promise<BenchRow[]> {
  const provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 3, temperature: 0 });
  // The API's own share of each call: its total time less the provider call inside it (same request,
  // so a loaded machine's noise mostly cancels out, unlike two separate calls).
  const inside: number[] = [];
  const timed: LlmProvider = {
    toolCalling: true,
    checkTools: (tools, choice) => provider.checkTools(tools, choice),
    info: () => provider.info(),
    countTokens: (text) => provider.countTokens(text),
    complete: async (request) => {
      const started = performance.now();
      try {
        return await provider.complete(request);
      } finally {
        inside.push(performance.now() - started);
      }
    },
  };
  const api = await startLocalApi({ provider: () => timed, turns: null, logger: silentLogger }, { token: TOKEN });
  const client = new OpenAI({ baseURL: api.baseUrl, apiKey: TOKEN, maxRetries: 0 });
  const here: { ms: number; tokens: number }[] = [];
  const over: { ms: number; tokens: number }[] = [];
  try {
    const model = (await client.models.list()).data[0]!.id;
    await inProcess(provider, -1); // load and warm up once, outside the figures
    for (let rep = 0; rep < REPS; rep++) {
      const sides = [async () => void here.push(await inProcess(provider, rep)), async () => void over.push(await overApi(client, model, rep))];
      if (rep % 2) sides.reverse();
      for (const side of sides) await side();
    }
  } finally {
    await api.close();
    await provider.dispose();
  }
  const apiMs = median(over.map((r) => r.ms));
  const hereMs = median(here.map((r) => r.ms));
  const tokens = (rs: { tokens: number }[]) => median(rs.map((r) => r.tokens));
  const overhead = median(over.map((r, i) => r.ms - inside[i]!));
  return [
    {
      suite: SUITE,
      metric: 'forced tool call latency through the local API (median, not streamed)',
      value: apiMs,
      unit: 'ms',
      baseline: { label: 'same call in process', value: hereMs },
      ratio: apiMs / hereMs,
      note: `tiny model, 1 thread, named tool_choice; ${REPS} interleaved runs; median call ${tokens(over)} vs ${tokens(here)} tokens; difference ${(apiMs - hereMs).toFixed(1)} ms`,
    },
    {
      suite: SUITE,
      metric: 'local API overhead per forced tool call (median)',
      value: overhead,
      unit: 'ms',
      baseline: { label: 'the provider call inside it', value: median(inside) },
      ratio: overhead / median(inside),
      note: 'each API request timed whole and around its provider call: official client, HTTP, JSON, tool checks',
    },
  ];
}
