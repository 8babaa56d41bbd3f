// Model servers already running on loopback are found by probing their APIs: an OpenAI-compatible
// one (/v1/models) and an Ollama one (/api/tags), on ports the test binds itself; a closed port and
// a server that never answers are left out without stalling the probe.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { detectServers, serverCandidates } from '../../../src-main/node/handlers/onboarding.js';

const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

describe('model server detection', () => {
  it('lists the models of OpenAI-compatible and Ollama servers and skips the rest', async () => {
    const openai = await listen((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/v1/models' ? JSON.stringify({ data: [{ id: 'qwen-a' }, { id: 'qwen-b' }] }) : '{}');
    });
    const ollama = await listen((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/api/tags' ? JSON.stringify({ models: [{ name: 'llama3:8b' }] }) : '{}');
    });
    const hung = await listen(() => undefined); // accepts, never answers
    const closed = await listen(() => undefined);
    servers.at(-1)!.close();
    const candidates = serverCandidates({ AGENTIC_MODEL_SERVERS: `LM Studio:openai:${openai},Ollama:ollama:${ollama},Hung:openai:${hung},Gone:openai:${closed},bad entry` });
    expect(candidates.map((c) => c.name)).toEqual(['LM Studio', 'Ollama', 'Hung', 'Gone']);
    const started = Date.now();
    const found = await detectServers(candidates, { timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(found).toEqual([
      { name: 'LM Studio', provider: 'openai', baseUrl: `http://127.0.0.1:${openai}/v1`, models: ['qwen-a', 'qwen-b'] },
      { name: 'Ollama', provider: 'ollama', baseUrl: `http://127.0.0.1:${ollama}`, models: ['llama3:8b'] },
    ]);
  });

  it('probes the well-known ports by default', () => {
    expect(serverCandidates({}).map((c) => c.port)).toEqual([11434, 1234, 8080, 8000, 1337]);
  });
});
