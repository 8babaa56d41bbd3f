/// <reference lib="dom" />
// Settings → Local API in the real renderer: off by default; turned on, it shows the address and the
// token that the official OpenAI client then uses against the app's model; a new token locks the old
// one out; LAN access shows its warning.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, type E2e } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

const openSettings = async (e: E2e) =>
  e.page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();

describe('local API settings', () => {
  it('turns the API on, shows its address and token, serves the app model with that token, and rotates it', { timeout: 120_000 }, async () => {
    const e = await open(['Hello from the app model, through the local API.']);
    await openSettings(e);
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
