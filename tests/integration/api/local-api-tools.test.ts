// Tool calling through the local API, the whole path real: the official `openai` client → our API →
// the OpenAI-compatible provider → a local HTTP server answering as Ollama's or LM Studio's /v1 does
// (tool calls streamed in fragments) → back. Replay and agents still refuse tools with a clear 400.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleProvider } from '../../../src-main/node/llm/openaiCompatible.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { useFakeServer, writeSse, type FakeServer } from '../llm/fakeServer.js';
import { startApi, type ApiHarness } from './apiHarness.js';
import { assembleStream } from '../../helpers/openaiStream.js';

let upstream!: FakeServer;
useFakeServer((s) => (upstream = s));
let h: ApiHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const MODEL = 'qwen2.5:7b-instruct';
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, required: ['city'] },
  },
};

type WireRequest = { model: string; messages: Array<Record<string, unknown>>; tools?: unknown[]; tool_choice?: unknown; parallel_tool_calls?: boolean; stream?: boolean };

/** Like a local model server: with tools and a user question it calls the tool; given the tool's result it answers. */
async function chatCompletions(_req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  const request = JSON.parse(body) as WireRequest;
  const base = { id: 'chatcmpl-742', object: 'chat.completion.chunk', created: 1_765_130_000, model: MODEL };
  const chunk = (delta: object, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const last = request.messages.at(-1)!;
  const usage = { ...base, choices: [], usage: { prompt_tokens: 212, completion_tokens: 24, total_tokens: 236 } };
  if (last.role === 'tool') {
    const reading = JSON.parse(String(last.content)) as { temp: number; sky: string };
    const words = ['It is ', `${reading.temp} °C `, `and ${reading.sky} `, 'in Lyon right now.'];
    return writeSse(res, [chunk({ role: 'assistant', content: '' }), ...words.map((w) => chunk({ content: w })), chunk({}, 'stop'), usage, '[DONE]']);
  }
  const args = ['{"city', '": "Lyon', '", "unit": "cel', 'sius"}'];
  await writeSse(res, [
    chunk({ role: 'assistant', content: null }),
    chunk({ tool_calls: [{ index: 0, id: 'call_9f2k1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
    ...args.map((a) => chunk({ tool_calls: [{ index: 0, function: { arguments: a } }] })),
    chunk({}, 'tool_calls'),
    usage,
    '[DONE]',
  ]);
}

async function startWithUpstream(): Promise<ApiHarness> {
  upstream.routes.set('POST /v1/chat/completions', chatCompletions);
  const provider = new OpenAiCompatibleProvider({ baseUrl: `${upstream.url}/v1`, model: MODEL, logger: silentLogger, contextSize: 32_768, label: 'Ollama' });
  return startApi([], { wrap: (deps) => ({ ...deps, provider: () => provider }) });
}

const forwarded = (): WireRequest[] => upstream.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as WireRequest);
const question = [{ role: 'user' as const, content: 'Do I need a coat in Lyon today?' }];

describe('tools through the OpenAI-compatible provider', () => {
  it('passes tools and tool_choice upstream and returns the tool call with finish_reason tool_calls', async () => {
    h = await startWithUpstream();
    const reply = await h.client.chat.completions.create({ model: MODEL, messages: question, tools: [weatherTool], tool_choice: 'auto', parallel_tool_calls: false });
    const choice = reply.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([{ id: 'call_9f2k1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Lyon", "unit": "celsius"}' } }]);
    expect(reply.usage).toMatchObject({ prompt_tokens: 212, completion_tokens: 24 });
    const sent = forwarded()[0]!;
    expect(sent.tools).toEqual([weatherTool]);
    expect(sent.tool_choice).toBe('auto');
    expect(sent.parallel_tool_calls).toBe(false);
  });

  it('streams the tool call as deltas the client can assemble, ending with tool_calls', async () => {
    h = await startWithUpstream();
    const stream = await h.client.chat.completions.create({
      model: MODEL,
      messages: question,
      tools: [weatherTool],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      stream: true,
    });
    const { calls, text, finish } = await assembleStream(stream);
    expect(finish).toBe('tool_calls');
    expect(text).toBe('');
    expect(calls).toEqual([{ id: 'call_9f2k1', name: 'get_weather', args: '{"city": "Lyon", "unit": "celsius"}' }]);
    expect(JSON.parse(calls[0]!.args)).toEqual({ city: 'Lyon', unit: 'celsius' });
    expect(forwarded()[0]!.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
  });

  it('sends the assistant tool call and the tool result back upstream, and streams the answer', async () => {
    h = await startWithUpstream();
    const stream = await h.client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      stream: true,
      messages: [
        ...question,
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_9f2k1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Lyon"}' } }] },
        { role: 'tool', tool_call_id: 'call_9f2k1', content: '{"temp": 9, "sky": "light rain"}' },
      ],
    });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe('It is 9 °C and light rain in Lyon right now.');
    expect(finish).toBe('stop');
    expect(forwarded()[0]!.messages).toEqual([
      { role: 'user', content: 'Do I need a coat in Lyon today?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_9f2k1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Lyon"}' } }] },
      { role: 'tool', tool_call_id: 'call_9f2k1', content: '{"temp": 9, "sky": "light rain"}' },
    ]);
  });

  it('refuses malformed tools and a tool message without its call id before reaching the server', async () => {
    h = await startWithUpstream();
    const bad = { type: 'function', function: { name: 'get weather now!' } } as unknown as OpenAI.ChatCompletionTool;
    await expect(h.client.chat.completions.create({ model: MODEL, messages: question, tools: [bad] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('function name'),
    });
    const orphan = { role: 'tool', content: '{}' } as unknown as OpenAI.ChatCompletionToolMessageParam;
    await expect(h.client.chat.completions.create({ model: MODEL, messages: [...question, orphan] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('tool_call_id'),
    });
    expect(forwarded()).toHaveLength(0);
  });
});

describe('the provider port', () => {
  it('collects parallel calls whose fragments interleave, in index order, and names a call the server left without id', async () => {
    const base = { id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1_765_130_000, model: MODEL };
    const chunk = (delta: object, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
    upstream.routes.set('POST /v1/chat/completions', (_req, res) =>
      writeSse(res, [
        chunk({ role: 'assistant', content: 'Checking both cities.' }),
        chunk({ tool_calls: [{ index: 1, function: { name: 'get_weather', arguments: '{"city":' } }] }),
        chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } }] }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '"Turin"}' } }] }),
        chunk({}, 'tool_calls'),
        '[DONE]',
      ]),
    );
    const provider = new OpenAiCompatibleProvider({ baseUrl: `${upstream.url}/v1`, model: MODEL, logger: silentLogger, contextSize: 32_768 });
    const pieces: string[] = [];
    const done = await provider.complete({
      messages: [{ role: 'user', content: 'Weather in Lyon and Turin?' }],
      tools: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
      toolChoice: 'required',
      signal: new AbortController().signal,
      onDelta: (d) => d.toolCall && pieces.push(`${d.toolCall.index}:${d.toolCall.arguments ?? ''}`),
    });
    expect(done.text).toBe('Checking both cities.');
    expect(done.toolCalls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Lyon"}' },
      { id: 'call_1', name: 'get_weather', arguments: '{"city":"Turin"}' },
    ]);
    expect(pieces).toEqual(['1:{"city":', '0:{"city":"Lyon"}', '1:"Turin"}']);
    expect(forwarded()[0]!.tool_choice).toBe('required');
  });
});

describe('where tools cannot go', () => {
  it('the Replay model and the agents answer 400 tools_unsupported and say why', async () => {
    h = await startApi(['Probably: Lyon is often chilly in December.']);
    const refused = (model: string) => h!.client.chat.completions.create({ model, messages: question, tools: [weatherTool] });
    await expect(refused('replay')).rejects.toMatchObject({ status: 400, code: 'tools_unsupported', message: expect.stringContaining('(replay) cannot pass tool calls') });
    await expect(refused('agentic/coder')).rejects.toMatchObject({ status: 400, code: 'tools_unsupported', message: expect.stringContaining('agent models use their own tools') });
    expect(h.t.replay().calls).toHaveLength(0);
    // tool_choice "none" asks for no tools: the request is answered as plain chat.
    const plain = await h.client.chat.completions.create({ model: 'replay', messages: question, tools: [weatherTool], tool_choice: 'none' });
    expect(plain.choices[0]!.message.content).toBe('Probably: Lyon is often chilly in December.');
    expect(plain.choices[0]!.finish_reason).toBe('stop');
  });
});
