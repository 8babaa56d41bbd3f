// `agentic serve` as a user starts it: the base URL and token on stdout before it serves, the
// official client on them, the token kept across restarts until --new-token, a warning off loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-serve-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const replay = join(home, 'replay.json');
writeFileSync(replay, JSON.stringify({ responses: ['Hello from the served model.', 'Second answer.'] }));

interface Served {
  baseUrl: string;
  token: string;
  stderr: () => string;
  stop: () => Promise<number | null>;
}

function serve(args: string[]): Promise<Served> {
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'src-main/hosts/cli/main.ts'), 'serve', '--replay', replay, ...args], {
    cwd: ROOT,
    env: { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not print its URL: ${out} ${err}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /^Base URL: (\S+)$/m.exec(out)?.[1];
      const token = /^Token: (\S+)$/m.exec(out)?.[1];
      if (!url || !token || !/^MCP: /m.test(out)) return;
      clearTimeout(timer);
      resolve({ baseUrl: url, token, stderr: () => err, stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

describe('agentic serve', () => {
  it('prints its base URL and token, serves the official client, keeps the token across restarts, rotates it when asked', async () => {
    const first = await serve([]);
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const client = new OpenAI({ baseURL: first.baseUrl, apiKey: first.token, maxRetries: 0 });
    const reply = await client.chat.completions.create({ model: 'replay', messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.choices[0]!.message.content).toBe('Hello from the served model.');
    expect(await first.stop()).toBe(0);

    const again = await serve([]);
    expect(again.token).toBe(first.token);
    expect(again.baseUrl).toBe(first.baseUrl);
    await again.stop();

    const rotated = await serve(['--new-token']);
    expect(rotated.token).not.toBe(first.token);
    const old = new OpenAI({ baseURL: rotated.baseUrl, apiKey: first.token, maxRetries: 0 });
    await expect(old.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await rotated.stop();
  });

  it('warns on stderr when asked to listen beyond loopback', async () => {
    const lan = await serve(['--host', '0.0.0.0', '--port', '0']);
    expect(lan.stderr()).toContain('WARNING: listening on 0.0.0.0');
    await lan.stop();
  });
});
