// The local OpenAI-compatible API driven by the official `openai` client: the loaded model (Replay
// here; the real llama.cpp engine in local-api-llama.test.ts), agents as models, and the gate.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { fence } from '../../helpers/appHarness.js';
import { startApi, TOKEN, type ApiHarness } from './apiHarness.js';

let h: ApiHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const user = (content: string) => [{ role: 'user' as const, content }];

describe('the loaded model', () => {
  it('lists the model and the agents as models', async () => {
    h = await startApi([]);
    const ids = (await h.client.models.list()).data.map((m) => m.id);
    expect(ids[0]).toBe('replay');
    expect(ids).toEqual(expect.arrayContaining(['agentic/auto', 'agentic/coder', 'agentic/web', 'agentic/casual']));
  });

  it('answers a chat completion with usage, and a developer message reaches the model as a system message', async () => {
    h = await startApi(['Paris is the capital of France.']);
    const reply = await h.client.chat.completions.create({
      model: 'replay',
      messages: [
        { role: 'developer', content: 'Answer in one sentence.' },
        { role: 'user', content: [{ type: 'text', text: 'What is the capital of France?' }] },
      ],
    });
    expect(reply.choices[0]!.message.content).toBe('Paris is the capital of France.');
    expect(reply.choices[0]!.finish_reason).toBe('stop');
    expect(reply.usage!.completion_tokens).toBeGreaterThan(0);
    expect(h.t.replay().calls[0]).toEqual([
      { role: 'system', content: 'Answer in one sentence.' },
      { role: 'user', content: 'What is the capital of France?' },
    ]);
  });

  it('streams the answer in several chunks that add up to it, then a finish reason and usage', async () => {
    h = await startApi(['Sure! Here is a haiku:\nold pond, a frog jumps\nthe sound of water']);
    const stream = await h.client.chat.completions.create({ model: 'replay', messages: user('haiku'), stream: true, stream_options: { include_usage: true } });
    const parts: string[] = [];
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (choice?.delta.content) parts.push(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe('Sure! Here is a haiku:\nold pond, a frog jumps\nthe sound of water');
    expect(finish).toBe('stop');
    expect(usage?.total_tokens).toBeGreaterThan(0);
  });

  it('cuts the answer at the first stop sequence, streamed or not, without showing any of it', async () => {
    h = await startApi(['1. apples\n2. pears\n3. plums\nEND of list', '1. apples\n2. pears\n3. plums\nEND of list']);
    const whole = await h.client.chat.completions.create({ model: 'replay', messages: user('fruit'), stop: ['3.', 'END'] });
    expect(whole.choices[0]!.message.content).toBe('1. apples\n2. pears\n');
    expect(whole.choices[0]!.finish_reason).toBe('stop');
    const stream = await h.client.chat.completions.create({ model: 'replay', messages: user('fruit'), stop: 'END', stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('1. apples\n2. pears\n3. plums\n');
  });

  it('refuses an unknown model, tools it cannot call, and bad fields with 400/404 and a message', async () => {
    h = await startApi([]);
    await expect(h.client.chat.completions.create({ model: 'gpt-4o', messages: user('hi') })).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    await expect(h.client.chat.completions.create({ model: 'replay', messages: [] })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('messages') });
    await expect(h.client.chat.completions.create({ model: 'replay', messages: user('hi'), temperature: 7 })).rejects.toMatchObject({ status: 400 });
    const tool = { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } };
    await expect(h.client.chat.completions.create({ model: 'replay', messages: user('weather?'), tools: [tool] })).rejects.toMatchObject({
      status: 400,
      code: 'tools_unsupported',
    });
    await expect(h.client.chat.completions.create({ model: 'replay', messages: [{ role: 'tool', content: 'x', tool_call_id: '1' }] })).rejects.toMatchObject({ status: 400 });
    expect(h.t.replay().calls).toHaveLength(0);
  });

  it('says the Replay model has no embeddings', async () => {
    h = await startApi([]);
    await expect(h.client.embeddings.create({ model: 'replay', input: 'hello' })).rejects.toMatchObject({ status: 400, code: 'embeddings_unsupported' });
  });
});

describe('agents as models', () => {
  it('agentic/coder runs a full turn: its block runs in the sandbox and the answer streams', async () => {
    h = await startApi([`I'll run it.\n${fence('bash', 'echo api-block-ran > out.txt && cat out.txt')}`]);
    const stream = await h.client.chat.completions.create({ model: 'agentic/coder', messages: user('run echo for me'), stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toContain("I'll run it.");
    expect(text).toMatch(/\[bash block: ok, exit code 0\]\n```text\napi-block-ran\n```/);
    const block = h.t.of('block.finished')[0];
    expect(block).toMatchObject({ tool: 'bash', status: 'ok', exitCode: 0 });
    expect(block!.output).toContain('api-block-ran');
    // The turn is a session of the app, as if the user had typed it.
    expect(h.t.app.store.listSessions().some((s) => s.title.startsWith('Local API'))).toBe(true);
  });

  it('an agent completion that reads like a schedule runs now: a program has no one to click Save', async () => {
    // The web host proposes schedules for requests typed in its window; the API's turns must not.
    h = await startApi(['Here is the summary of notes.md: nothing new.'], { host: 'web', askUser: async () => false });
    const reply = await h.client.chat.completions.create({ model: 'agentic/casual', messages: user('every day at 08:00 summarise notes.md') });
    expect(reply.choices[0]?.message.content).toContain('Here is the summary of notes.md');
    expect(h.t.of('schedule.proposed')).toEqual([]);
    expect(h.t.of('turn.done')).toHaveLength(1);
  });

  it('a block the policy asks about is declined when the approver says no, and the agent is told', async () => {
    const asked: string[] = [];
    h = await startApi([fence('bash', 'rm -rf ./important'), 'Understood: I will not delete it.'], {
      askUser: async (r) => {
        asked.push(r.command);
        return false;
      },
    });
    const reply = await h.client.chat.completions.create({ model: 'agentic/coder', messages: user('delete ./important') });
    expect(asked).toEqual(['rm -rf ./important']);
    expect(h.t.of('block.finished')[0]).toMatchObject({ status: 'declined' });
    expect(reply.choices[0]!.message.content).toContain('[bash block: declined]');
    expect(reply.choices[0]!.message.content).toMatch(/Understood: I will not delete it\.$/);
  });

  it('a chat client resending the conversation continues the same session, so the agent remembers it', async () => {
    h = await startApi(['Noted: your number is 7.', 'Your number is 7.', 'A fresh start.']);
    const first = await h.client.chat.completions.create({ model: 'agentic/casual', messages: user('Remember my number: 7') });
    const answer = first.choices[0]!.message.content!;
    await h.client.chat.completions.create({
      model: 'agentic/casual',
      messages: [
        { role: 'user', content: 'Remember my number: 7' },
        { role: 'assistant', content: answer },
        { role: 'user', content: 'What is my number?' },
      ],
    });
    const sessions = () => h!.t.app.store.listSessions().filter((s) => s.title.startsWith('Local API'));
    expect(sessions()).toHaveLength(1);
    // The second model call saw the first exchange as history.
    expect(h.t.replay().calls[1]!.map((m) => m.content)).toEqual(expect.arrayContaining(['Remember my number: 7', 'Noted: your number is 7.', 'What is my number?']));
    // A conversation with a different history is another session.
    await h.client.chat.completions.create({ model: 'agentic/casual', messages: user('Start over') });
    expect(sessions()).toHaveLength(2);
  });

  it('a failed turn is an error response with the engine’s code', async () => {
    h = await startApi([]);
    await expect(h.client.chat.completions.create({ model: 'agentic/casual', messages: user('hello') })).rejects.toMatchObject({ code: 'replay_exhausted' });
  });
});

describe('the gate', () => {
  it('refuses a missing or wrong token with 401 and runs nothing', async () => {
    h = await startApi(['never sent']);
    const bad = new OpenAI({ baseURL: h.api.baseUrl, apiKey: 'agentic-wrong-token-0123456789abcdefghijk', maxRetries: 0 });
    await expect(bad.chat.completions.create({ model: 'replay', messages: user('hi') })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const none = await fetch(`${h.api.baseUrl}/models`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('missing_token');
    expect(h.t.replay().calls).toHaveLength(0);
  });

  it('a rotated token replaces the old one at once', async () => {
    h = await startApi([]);
    h.api.setToken('agentic-rotated-token-0123456789abcdefghij');
    await expect(h.client.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const rotated = new OpenAI({ baseURL: h.api.baseUrl, apiKey: 'agentic-rotated-token-0123456789abcdefghij', maxRetries: 0 });
    expect((await rotated.models.list()).data.length).toBeGreaterThan(1);
  });

  it('refuses malformed bodies with 400/415 and stays up', async () => {
    h = await startApi(['still alive']);
    const post = (body: string, type = 'application/json') =>
      fetch(`${h!.api.baseUrl}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': type }, body });
    expect((await post('{"model": "replay", "messages": [')).status).toBe(400);
    expect((await post('null')).status).toBe(400);
    expect((await post('[1,2,3]')).status).toBe(400);
    expect((await post('{"model":"replay","messages":[{"role":"user","content":{"x":1}}]}')).status).toBe(400);
    expect((await post('model=replay', 'application/x-www-form-urlencoded')).status).toBe(415);
    const reply = await h.client.chat.completions.create({ model: 'replay', messages: user('ok?') });
    expect(reply.choices[0]!.message.content).toBe('still alive');
  });

  it('closes CORS: a foreign Origin is refused even with the token, and its preflight gets no CORS headers', async () => {
    h = await startApi([], { allowedOrigins: ['http://localhost:3000'] });
    const headers = { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' };
    const refused = await fetch(`${h.api.baseUrl}/models`, { headers });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${h.api.baseUrl}/chat/completions`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await fetch(`${h.api.baseUrl}/models`, { headers: { ...headers, origin: 'http://localhost:3000' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('refuses a foreign Host name (DNS rebinding) on a loopback bind', async () => {
    h = await startApi([]);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: h!.api.port, path: '/v1/models', headers: { host: `rebind.example:${h!.api.port}`, authorization: `Bearer ${TOKEN}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });
});
