// Tool calling on the embedded engine, the whole path real: the official `openai` client → our API →
// node-llama-cpp on the tiny random-weight GGUF. The model writes gibberish, so what a forced call
// proves is the mechanism: the engine's grammars make even this model produce a call to the right
// function whose arguments parse and fit the schema. Auto mode may answer either way; both are checked.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../../src-main/node/api/server.js';
import type { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { startLlamaApi } from '../../helpers/llamaLocalApi.js';
import { assembleStream } from '../../helpers/openaiStream.js';
import { toLlamaParams } from '../../../src-main/node/llm/llamaToolSchema.js';

const TOKEN = 'agentic-llama-tools-token-0123456789abcdef';
let llama: LlamaCppProvider;
let api: LocalApi;
let client: OpenAI;
let model: string;
/** How each generation the API started ended: 'done' or the error's code. */
const outcomes: string[] = [];

beforeAll(async () => {
  ({ llama, api, client, model } = await startLlamaApi({ token: TOKEN, seed: 11, outcomes, toolCalling: true }));
});
afterAll(async () => {
  await api.close();
  await llama.dispose();
});

const weather: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', maxLength: 16 }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
};
const alarm: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'set_alarm',
    description: 'Sets an alarm',
    parameters: {
      type: 'object',
      properties: { at: { type: 'string', format: 'time' }, loud: { type: 'boolean' }, label: { anyOf: [{ type: 'string', maxLength: 8 }, { type: 'null' }] } },
    },
  },
};
const question: OpenAI.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Do I need a coat in Lyon today?' },
];

/** A call's function (the client's type also covers custom tools, which this API never returns). */
function fnOf(call: OpenAI.ChatCompletionMessageToolCall): { name: string; arguments: string } {
  if (call.type !== 'function') throw new Error(`not a function call: ${call.type}`);
  return call.function;
}

/** The arguments fit the function's schema (what a grammar from it guarantees: shape, types, enums, lengths). */
function expectValidArguments(name: string, args: string): void {
  const value = JSON.parse(args) as Record<string, unknown>;
  if (name === 'get_weather') {
    expect(Object.keys(value).sort()).toEqual(expect.arrayContaining(['city']));
    expect(typeof value.city).toBe('string');
    expect((value.city as string).length).toBeLessThanOrEqual(16);
    if ('unit' in value) expect(['celsius', 'fahrenheit']).toContain(value.unit);
  } else {
    expect(name).toBe('set_alarm');
    if ('at' in value) expect(value.at).toMatch(/^\d{2}:\d{2}:\d{2}/);
    if ('loud' in value) expect(typeof value.loud).toBe('boolean');
    if ('label' in value) expect(value.label === null || (typeof value.label === 'string' && value.label.length <= 8)).toBe(true);
  }
}

describe('tools on the embedded engine', () => {
  it('a named tool_choice makes the model call that function with arguments that parse and fit its schema', async () => {
    const reply = await client.chat.completions.create({
      model,
      messages: question,
      tools: [alarm, weather],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      max_tokens: 200,
    });
    const choice = reply.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toHaveLength(1);
    const call = choice.message.tool_calls![0]!;
    expect(call).toMatchObject({ type: 'function', id: expect.stringMatching(/^call_\w+$/), function: { name: 'get_weather' } });
    expectValidArguments('get_weather', fnOf(call).arguments);
    expect(reply.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('"required" streams a call as deltas that assemble into one valid call, ending with tool_calls', async () => {
    const stream = await client.chat.completions.create({ model, messages: question, tools: [weather, alarm], tool_choice: 'required', max_tokens: 200, stream: true });
    const { calls, text, finish } = await assembleStream(stream);
    expect(finish).toBe('tool_calls');
    expect(text).toBe('');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    for (const call of calls) {
      expect(call.id).toMatch(/^call_\w+$/);
      expect(['get_weather', 'set_alarm']).toContain(call.name);
      expectValidArguments(call.name, call.args);
    }
  });

  it('"required" with parallel_tool_calls false makes exactly one call', async () => {
    const reply = await client.chat.completions.create({
      model,
      messages: question,
      tools: [weather, alarm],
      tool_choice: 'required',
      parallel_tool_calls: false,
      max_tokens: 300,
    });
    const choice = reply.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.tool_calls).toHaveLength(1);
    const call = fnOf(choice.message.tool_calls![0]!);
    expectValidArguments(call.name, call.arguments);
  });

  it('a follow-up with the tool result in the history is answered, and the result reaches the prompt', async () => {
    const followUp = (result: string) =>
      client.chat.completions.create({
        model,
        tools: [weather],
        max_tokens: 8,
        messages: [
          ...question,
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_9f2k1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Lyon"}' } }] },
          { role: 'tool', tool_call_id: 'call_9f2k1', content: result },
        ],
      });
    const short = await followUp('{"temp": 9}');
    const long = await followUp('{"temp": 9, "sky": "light rain turning to heavy showers by the evening, wind from the north"}');
    for (const reply of [short, long]) expect(['stop', 'length', 'tool_calls']).toContain(reply.choices[0]!.finish_reason);
    // Only the result differs between the two: the prompt grew by its extra words.
    expect(long.usage!.prompt_tokens - short.usage!.prompt_tokens).toBeGreaterThan(10);
  });

  it('auto mode answers in text or with a valid call, and "none" offers no tools at all', async () => {
    const auto = await client.chat.completions.create({ model, messages: question, tools: [weather, alarm], max_tokens: 16 });
    const choice = auto.choices[0]!;
    if (choice.finish_reason === 'tool_calls') {
      for (const call of choice.message.tool_calls!) expectValidArguments(fnOf(call).name, fnOf(call).arguments);
    } else {
      expect(['stop', 'length']).toContain(choice.finish_reason);
      expect(choice.message.tool_calls ?? []).toEqual([]);
    }
    const none = await client.chat.completions.create({ model, messages: question, tools: [weather], tool_choice: 'none', max_tokens: 8 });
    expect(none.choices[0]!.finish_reason).toBe('length');
    expect(none.choices[0]!.message.tool_calls ?? []).toEqual([]);
    expect(none.usage!.prompt_tokens).toBeLessThan(auto.usage!.prompt_tokens); // no function documentation in the prompt
  });

  it('a client leaving mid-call stops the generation in the engine, and the model serves the next request', async () => {
    outcomes.length = 0;
    const essay: OpenAI.ChatCompletionTool = {
      type: 'function',
      function: { name: 'write_note', parameters: { type: 'object', properties: { body: { type: 'string', minLength: 1500, maxLength: 3000 } } } },
    };
    const stream = await client.chat.completions.create({ model, messages: question, tools: [essay], tool_choice: 'required', max_tokens: 1500, stream: true });
    let pieces = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments && ++pieces === 3) stream.controller.abort();
    }
    await expect.poll(() => outcomes).toEqual(['CANCELLED']);
    const next = await client.chat.completions.create({ model, messages: question, max_tokens: 4 });
    expect(next.usage?.completion_tokens).toBe(4);
  });
});

describe('schemas as clients write them', () => {
  const search = {
    type: 'object',
    title: 'Search',
    properties: {
      query: { type: 'string', maxLength: 12, description: 'words to look for' },
      limit: { anyOf: [{ type: 'integer', minimum: 1, maximum: 9 }, { type: 'null' }], default: null },
      filter: { $ref: '#/definitions/Filter' },
    },
    required: ['query'],
    definitions: { Filter: { properties: { lang: { enum: ['en', 'fr'] } } } },
  };

  it('a pydantic-style schema (anyOf, $ref into definitions, untyped object) is followed by a forced call', async () => {
    const tool: OpenAI.ChatCompletionTool = { type: 'function', function: { name: 'search_notes', parameters: search } };
    const reply = await client.chat.completions.create({ model, messages: question, tools: [tool], tool_choice: 'required', max_tokens: 200 });
    const call = reply.choices[0]!.message.tool_calls![0]!;
    expect(fnOf(call).name).toBe('search_notes');
    const args = JSON.parse(fnOf(call).arguments) as { query: string; limit: number | null; filter: { lang: string } };
    expect(typeof args.query).toBe('string');
    expect(args.query.length).toBeLessThanOrEqual(12);
    expect(args.limit === null || Number.isInteger(args.limit)).toBe(true);
    expect(['en', 'fr']).toContain(args.filter.lang);
  });

  it('every rewritten form compiles into a grammar in the engine (an untyped value, any object, formats)', async () => {
    const wide = {
      ...search,
      properties: { ...search.properties, anything: {}, meta: { type: 'object' }, when: { type: 'string', format: 'date-time' }, v: { type: ['array', 'null'] } },
    };
    const done = await llama.complete({
      messages: [{ role: 'user', content: 'Find my notes about Lyon' }],
      jsonSchema: toLlamaParams('wide', wide),
      maxTokens: 4,
      signal: new AbortController().signal,
    });
    expect(done.usage?.completionTokens).toBeGreaterThan(0);
  });
});

describe('what the embedded engine refuses, before any generation', () => {
  it('schemas its grammar cannot follow, unknown names and orphan tool results are 400s that say why', async () => {
    outcomes.length = 0;
    const withParams = (parameters: Record<string, unknown>): OpenAI.ChatCompletionTool => ({ type: 'function', function: { name: 'lookup', parameters } });
    const allOf = withParams({ type: 'object', properties: { q: { allOf: [{ type: 'string' }, { minLength: 2 }] } } });
    await expect(client.chat.completions.create({ model, messages: question, tools: [allOf] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('tools[lookup].parameters.properties.q: "allOf" is not supported'),
    });
    // Streamed too: the refusal comes as an HTTP 400, not an error inside a started stream.
    const remote = withParams({ type: 'object', properties: { q: { $ref: 'https://example.com/schema.json' } } });
    await expect(client.chat.completions.create({ model, messages: question, tools: [remote], stream: true })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('not a reference to a local definition'),
    });
    const scalar = withParams({ type: 'string' });
    await expect(client.chat.completions.create({ model, messages: question, tools: [scalar] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('must be an object schema'),
    });
    await expect(
      client.chat.completions.create({ model, messages: question, tools: [weather], tool_choice: { type: 'function', function: { name: 'get_time' } } }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('"get_time", which is not among the tools (get_weather)') });
    await expect(
      client.chat.completions.create({ model, tools: [weather], messages: [...question, { role: 'tool', tool_call_id: 'call_nobody', content: '{}' }] }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('"call_nobody", which no assistant message before it made') });
    expect(outcomes.filter((o) => o === 'done')).toEqual([]);
  });
});
