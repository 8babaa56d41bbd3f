/// <reference lib="dom" />
// The web host keeps its token in the data folder (0600): after a restart the open tab reconnects
// by itself and keeps working, a bookmark of the old address still opens; --new-token rotates it
// and the old address is refused.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchChromium, send } from '../helpers/e2e.js';
import { startWebHost, type WebHost } from '../helpers/processes.js';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('web host token', () => {
  it('survives a restart (the open tab reconnects by itself) and rotates with --new-token', { timeout: 240_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-token-'));
    const replay = join(home, 'replay.json');
    writeFileSync(replay, JSON.stringify({ responses: ['Answered by the host.'] }));
    let host: WebHost = await startWebHost(['--replay', replay], home);
    const browser = await launchChromium();
    cleanup = async () => {
      await browser.close();
      await host.stop();
      rmSync(home, { recursive: true, force: true });
    };
    const saved = join(home, 'web-host.json');
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual({ token: host.token, port: host.port });

    const page = await browser.newPage();
    await page.goto(host.url);
    await send(page, 'first', 'casual');
    await expect.poll(() => page.getByTestId('answer').last().textContent(), { timeout: 60_000 }).toContain('Answered by the host.');

    const { url, token, port } = host;
    await host.stop();
    await page.getByTestId('connection-banner').waitFor({ timeout: 30_000 });
    host = await startWebHost(['--replay', replay], home); // no --port: the last one again
    expect(host.token).toBe(token);
    expect(host.port).toBe(port);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 60_000 });
    await send(page, 'second', 'casual');
    await expect.poll(() => page.getByTestId('answer').last().textContent(), { timeout: 60_000 }).toContain('Answered by the host.');
    expect((await fetch(url)).status).toBe(200); // a bookmark still opens

    await host.stop();
    host = await startWebHost(['--replay', replay, '--new-token'], home);
    expect(host.token).not.toBe(token);
    expect((await fetch(`http://127.0.0.1:${host.port}/?token=${token}`)).status).toBe(401);
    expect((await fetch(host.url)).status).toBe(200);
  });
});
