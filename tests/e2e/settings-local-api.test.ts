/// <reference lib="dom" />
// Settings → Local API in the real renderer: off by default; turned on, it shows the address and the
// token that the official OpenAI client then uses against the app's model; a new token locks the old
// one out; LAN access shows its warning.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings, screenshot } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('local API settings', () => {
  it('turns the API on, shows its address and token, serves the app model with that token, and rotates it', { timeout: 120_000 }, async () => {
    const e = await open(['Hello from the app model, through the local API.']);
    await openSettings(e.page);
    const enabled = e.page.getByTestId('settings-local-api-enabled');
    expect(await enabled.isChecked()).toBe(false);
    expect(await e.page.getByTestId('settings-local-api-running').count()).toBe(0);
    // The toggles follow the server's status, so they change once it answers: click, then wait.
    await enabled.click();
    await expect.poll(() => enabled.isChecked()).toBe(true);
    const url = e.page.getByTestId('settings-local-api-url');
    await expect.poll(() => url.textContent(), { timeout: 30_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const baseURL = (await url.textContent())!;
    const token = (await e.page.getByTestId('settings-local-api-token').textContent())!;
    await screenshot(e.page, 'settings-local-api');

    const client = new OpenAI({ baseURL, apiKey: token, maxRetries: 0 });
    const reply = await client.chat.completions.create({ model: 'replay', messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.choices[0]!.message.content).toBe('Hello from the app model, through the local API.');

    await e.page.getByTestId('settings-local-api-rotate').click();
    await expect.poll(() => e.page.getByTestId('settings-local-api-token').textContent()).not.toBe(token);
    await expect(client.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);

    const lan = e.page.getByTestId('settings-local-api-lan');
    await lan.click();
    await expect.poll(() => e.page.getByTestId('settings-local-api-lan-warning').count()).toBe(1);
    await lan.click();
    await expect.poll(() => lan.isChecked()).toBe(false);
    await enabled.click();
    await expect.poll(() => e.page.getByTestId('settings-local-api-running').count()).toBe(0);
  });
});

describe('MCP clients and the app window', () => {
  it('asks the app for approval of code an MCP client sends, and the refusal reaches the client', { timeout: 120_000 }, async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const e = await open([]);
    await openSettings(e.page);
    const enabled = e.page.getByTestId('settings-local-api-enabled');
    await enabled.click();
    await expect.poll(() => e.page.getByTestId('settings-local-api-url').count(), { timeout: 30_000 }).toBe(1);
    const baseURL = (await e.page.getByTestId('settings-local-api-url').textContent())!;
    const token = (await e.page.getByTestId('settings-local-api-token').textContent())!;
    await e.page.getByTestId('close-settings').click();

    const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(baseURL.replace(/\/v1$/, '/mcp')), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const call = client.callTool({ name: 'run_code', arguments: { language: 'bash', code: 'rm -rf ./notes' } });
      const dialog = e.page.getByTestId('approval');
      await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(1);
      expect(await e.page.getByTestId('approval-command').textContent()).toBe('rm -rf ./notes');
      expect(await e.page.getByTestId('approval-reasons').textContent()).toContain('asked by an MCP client');
      await screenshot(e.page, 'mcp-approval');
      await e.page.getByTestId('decline').click();
      const result = (await call) as { isError?: boolean; structuredContent?: Record<string, unknown> };
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 'declined', approval: 'refused' });
      await expect.poll(() => dialog.count()).toBe(0);
    } finally {
      await client.close();
    }
  });
});
