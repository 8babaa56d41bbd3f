// Settings → Local API through the contract, as the settings panel calls it: off by default, on with a
// token the official client uses, a rotated token replacing the old one, off again closing the port.
import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/common/dispatch.js';
import type { CommandInput, CommandName, CommandOutput } from '../../../src-main/common/contract.js';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(['Answer from the app model.']);
});
afterAll(async () => {
  await t.close();
});

async function call<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
  const result = await dispatch(t.app.handlers, name, input, { clientId: 'settings-panel' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as CommandOutput<K>;
}

it('is off by default, serves the app model once turned on, rotates its token, and closes when turned off', async () => {
  const initial = await call('localApi.status', {});
  expect(initial).toMatchObject({ enabled: false, running: false, baseUrl: null, lan: false });
  expect(initial.token).toMatch(/^agentic-/);

  const on = await call('localApi.configure', { enabled: true });
  expect(on).toMatchObject({ enabled: true, running: true, error: null });
  expect(on.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  expect(on.mcpUrl).toBe(on.baseUrl!.replace(/\/v1$/, '/mcp'));
  expect(t.app.settings.get().localApi.enabled).toBe(true);

  const client = new OpenAI({ baseURL: on.baseUrl!, apiKey: on.token, maxRetries: 0 });
  const reply = await client.chat.completions.create({ model: 'replay', messages: [{ role: 'user', content: 'hello' }] });
  expect(reply.choices[0]!.message.content).toBe('Answer from the app model.');

  const rotated = await call('localApi.rotateToken', {});
  expect(rotated.token).not.toBe(on.token);
  await expect(client.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  const fresh = new OpenAI({ baseURL: on.baseUrl!, apiKey: rotated.token, maxRetries: 0 });
  expect((await fresh.models.list()).data[0]!.id).toBe('replay');

  const off = await call('localApi.configure', { enabled: false });
  expect(off).toMatchObject({ enabled: false, running: false, baseUrl: null });
  await expect(fresh.models.list()).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
});

it('refuses a malformed origin in the settings', async () => {
  await expect(call('localApi.configure', { allowedOrigins: ['not a url'] })).rejects.toThrow(/allowedOrigins/);
});
