/// <reference lib="dom" />
// Settings' sandbox, MCP and voice sections in the real renderer (they were split into smaller
// components without a test of their own): the sandbox's effective policy and a limit kept in the
// settings file; the MCP form's transports, its refusal of a bad draft and a server added; voice
// fields kept across a reload.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings, screenshot } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

interface Saved {
  sandbox?: { maxProcesses?: number };
  voice?: { hangoverMs?: number };
  mcpServers?: unknown[];
}
const savedSettings = (home: string) => JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as Saved;

describe('Settings: sandbox, MCP servers, voice', () => {
  it('shows the sandbox policy and keeps a limit, checks and adds an MCP server, keeps voice fields', { timeout: 180_000 }, async () => {
    const { page, home } = await open([]);
    await openSettings(page);

    // Sandbox: the effective policy of this machine (bubblewrap) and a limit that is kept.
    const policy = page.getByTestId('sandbox-policy');
    await policy.waitFor({ timeout: 60_000 });
    expect(await policy.textContent()).toMatch(/bubblewrap/);
    expect(await page.getByTestId('sandbox-mounts').locator('li').count()).toBeGreaterThan(0);
    const processes = page.getByTestId('settings-sandbox-processes');
    await processes.fill('77');
    await processes.press('Enter');
    await expect.poll(() => savedSettings(home).sandbox?.maxProcesses, { timeout: 15_000 }).toBe(77);

    // MCP: each transport shows its own fields; a bad draft is refused with the reason; a good one is added.
    const form = page.getByTestId('mcp-add');
    await form.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('mcp-command').count()).toBe(1);
    await page.getByTestId('mcp-transport').selectOption('http');
    expect(await page.getByTestId('mcp-command').count()).toBe(0);
    await page.getByTestId('mcp-name').fill('bad name!');
    await page.getByTestId('mcp-add-button').click();
    expect(await form.getByRole('alert').textContent()).toMatch(/^Name:/);
    await page.getByTestId('mcp-name').fill('notes');
    await page.getByTestId('mcp-url').fill('not a url');
    await page.getByTestId('mcp-add-button').click();
    expect(await form.getByRole('alert').textContent()).toMatch(/^URL:/);
    await page.getByTestId('mcp-url').fill('http://127.0.0.1:9/mcp');
    await page.getByTestId('mcp-add-button').click();
    await expect.poll(() => page.getByTestId('mcp-server').count(), { timeout: 15_000 }).toBe(1);
    expect(savedSettings(home).mcpServers).toEqual([expect.objectContaining({ name: 'notes', transport: 'http', url: 'http://127.0.0.1:9/mcp' })]);
    expect(await form.getByRole('alert').count()).toBe(0);

    // Voice: the push-to-talk key and the pause that ends an utterance are kept across a reload.
    const holdKey = page.getByTestId('settings-voice-holdkey');
    await holdKey.fill('F8');
    await holdKey.press('Enter');
    const hangover = page.getByTestId('settings-voice-hangover');
    await hangover.fill('900');
    await hangover.press('Enter');
    await expect.poll(() => savedSettings(home).voice?.hangoverMs, { timeout: 15_000 }).toBe(900);
    await screenshot(page, 'settings-sections');
    await page.reload();
    await openSettings(page);
    await page.getByTestId('settings-voice-holdkey').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('settings-voice-holdkey').inputValue()).toBe('F8');
    expect(await page.getByTestId('settings-voice-hangover').inputValue()).toBe('900');
    expect(await page.getByTestId('settings-sandbox-processes').inputValue()).toBe('77');
  });
});
