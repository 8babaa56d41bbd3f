// A forced tool call (tool_choice "required" or named) must work whatever chat template the loaded
// model has: the mechanism (llamaTools.ts) adds node-llama-cpp's function-calling trigger to the
// model's own wrapper. Checked here on the tiny random-weight GGUF under each of node-llama-cpp's
// wrappers with function calling, the real engine generating: the call comes out, parsed and valid.
import {
  ChatMLChatWrapper,
  FunctionaryChatWrapper,
  GeneralChatWrapper,
  getLlama,
  Llama3_1ChatWrapper,
  Llama3ChatWrapper,
  LlamaChat,
  LlamaText,
  MistralChatWrapper,
  QwenChatWrapper,
} from 'node-llama-cpp';
import type { ChatWrapper, LlamaContext, LlamaModel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReasoningStream } from '../../../src-main/core/llm/reasoning.js';
import type { LlmDelta } from '../../../src-main/core/ports.js';
import { generateWithChat } from '../../../src-main/node/llm/llamaChatGenerate.js';
import { llamaToolsOf, type LlamaTools } from '../../../src-main/node/llm/llamaTools.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

let model: LlamaModel;
let context: LlamaContext;
beforeAll(async () => {
  const llama = await getLlama({ gpu: false });
  model = await llama.loadModel({ modelPath: tinyModelPath() });
  context = await model.createContext({ contextSize: 2048, threads: 1 });
});
afterAll(async () => {
  await context.dispose();
  await model.dispose();
});

const offered = [
  { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string', maxLength: 12 }, unit: { enum: ['c', 'f'] } } } },
  { name: 'get_time', description: 'The time now' },
];
const required = llamaToolsOf(offered, 'required')!;
const tools = llamaToolsOf(offered, { name: 'get_weather' })!;

const wrappers: [string, () => ChatWrapper][] = [
  ['Llama 3.1', () => new Llama3_1ChatWrapper()],
  ['Llama 3', () => new Llama3ChatWrapper()],
  ['Qwen', () => new QwenChatWrapper()],
  ['ChatML', () => new ChatMLChatWrapper()],
  ['Mistral', () => new MistralChatWrapper()],
  ['Functionary', () => new FunctionaryChatWrapper()],
  ['General', () => new GeneralChatWrapper()],
];

/** One generation on a fresh sequence of the tiny model under `wrapper`, with the tools given. */
async function generate(wrapper: () => ChatWrapper, with_: LlamaTools, deltas: LlmDelta[], maxTokens: number) {
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence, chatWrapper: wrapper() });
  try {
    return await generateWithChat(
      chat,
      [
        { type: 'system', text: 'You are terse.' },
        { type: 'user', text: 'Weather in Lyon?' },
      ],
      { messages: [], signal: new AbortController().signal, onDelta: (d) => deltas.push(d) },
      {
        maxTokens,
        grammar: undefined,
        contextSize: 2048,
        seed: 5,
        repeatPenalty: false,
        say: () => undefined,
        stream: createReasoningStream(),
        tools: { ...with_, toText: (v) => LlamaText(v) },
      },
    );
  } finally {
    chat.dispose();
    await sequence.dispose();
  }
}

describe('a forced call under every chat template with function calling', () => {
  it.each(wrappers)('%s: the named function is called once, with arguments that fit its schema', async (_name, wrapper) => {
    const deltas: LlmDelta[] = [];
    const reply = await generate(wrapper, tools, deltas, 200);
    expect(reply.toolCalls).toHaveLength(1);
    const call = reply.toolCalls[0]!;
    expect(call.name).toBe('get_weather');
    const args = JSON.parse(call.arguments) as { city: string; unit: string };
    expect(args.city.length).toBeLessThanOrEqual(12);
    expect(['c', 'f']).toContain(args.unit);
    // The streamed pieces add up to exactly the returned call.
    const streamed = deltas.map((d) => d.toolCall?.arguments ?? '').join('');
    expect(streamed).toBe(call.arguments);
    expect(deltas[0]!.toolCall).toMatchObject({ index: 0, id: call.id, name: 'get_weather' });
  });

  // Parallel-call templates (Qwen, Functionary) and one without: the random model's run of parallel calls is slow to generate.
  const someWrappers = wrappers.filter(([name]) => ['Qwen', 'Functionary', 'General'].includes(name));
  it.each(someWrappers)('%s: "required" makes at least one call, each to an offered function with valid arguments', async (_name, wrapper) => {
    const deltas: LlmDelta[] = [];
    // Templates with parallel calls let the model go on calling: a budget that fits two calls bounds the test.
    const reply = await generate(wrapper, required, deltas, 100);
    expect(reply.toolCalls.length).toBeGreaterThanOrEqual(1);
    reply.toolCalls.forEach((call, index) => {
      expect(['get_weather', 'get_time']).toContain(call.name);
      const args = JSON.parse(call.arguments) as Record<string, unknown>;
      if (call.name === 'get_weather') expect(['c', 'f']).toContain(args.unit);
      else expect(args).toEqual({});
      const streamed = deltas.filter((d) => d.toolCall?.index === index).map((d) => d.toolCall!.arguments ?? '');
      expect(streamed.join('')).toBe(call.arguments);
    });
  });
});
