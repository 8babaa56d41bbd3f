/// <reference lib="dom" />
// First run: with no model configured the app opens on the onboarding screen; it shows the machine,
// finds a model server running on loopback (a fake OpenAI-compatible server on a port of the test's
// own, handed to the app through AGENTIC_MODEL_SERVERS), uses it in one click, and a turn is then
// answered by that server (a scripted, streamed reply). The header shows the model in use.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, send } from '../helpers/e2e.js';
import { startWebHost } from '../helpers/processes.js';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** An OpenAI-compatible server that lists one model and streams scripted replies. */
function fakeOpenAi(replies: string[]): Promise<{ server: Server; port: number; chats: unknown[] }> {
  const chats: unknown[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-coder-7b', object: 'model' }] }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        chats.push(JSON.parse(body));
        const text = replies.shift() ?? 'no more replies';
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const words = text.split(/(?<= )/);
        for (const w of words) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: w }, finish_reason: null }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
        res.end('data: [DONE]\n\n');
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, chats })));
}

describe('onboarding', () => {
  it('finds a model server on loopback, uses it in one click, and a turn is answered by it', { timeout: 180_000 }, async () => {
    const fake = await fakeOpenAi(['Hello from the fake local server, ready to help.']);
    const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-onboarding-'));
    const before = process.env.AGENTIC_MODEL_SERVERS;
    process.env.AGENTIC_MODEL_SERVERS = `LM Studio:openai:${fake.port}`;
    const host = await startWebHost(['--port', '0', '--workspace', join(home, 'ws')], home);
    if (before === undefined) delete process.env.AGENTIC_MODEL_SERVERS;
    else process.env.AGENTIC_MODEL_SERVERS = before;
    const browser = await launchChromium();
    cleanup = async () => {
      await browser.close();
      await host.stop();
      fake.server.close();
      rmSync(home, { recursive: true, force: true });
    };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(host.url);

    const onboarding = page.getByTestId('onboarding');
    await onboarding.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('machine').textContent(), { timeout: 30_000 }).toMatch(/GB memory .* CPU core/);
    const server = page.getByTestId('server');
    await expect.poll(() => server.count(), { timeout: 30_000 }).toBe(1);
    expect(await server.textContent()).toContain(`http://127.0.0.1:${fake.port}/v1`);
    expect(await page.getByTestId('recommended-model').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('recommended-model').count()).toBeLessThanOrEqual(3);
    // Best fit by speed (issue 27): first in the list, saying how fast it runs on this machine.
    expect(await page.getByTestId('recommended-model').first().getByTestId('model-speed').textContent()).toMatch(/^Best fit: (about \d+ tokens?|under 1 token)\/s here/);
    expect(await page.getByTestId('onboarding-workspace').textContent()).toContain(join(home, 'ws'));
    await screenshot(page, 'onboarding');

    await page.getByTestId('server-model-use').click();
    await onboarding.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => page.getByTestId('model-status').textContent()).toMatch(/OpenAI-compatible.*fake-coder-7b/);

    await send(page, 'hello', 'casual');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await answer.textContent()).toContain('Hello from the fake local server, ready to help.');
    expect(fake.chats).toHaveLength(1);
    expect(fake.chats[0]).toMatchObject({ model: 'fake-coder-7b', stream: true });
    await screenshot(page, 'onboarding-after');
    expect(errors).toEqual([]);
  });
});
