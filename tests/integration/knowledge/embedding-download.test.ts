// The embedding model is fetched on first use (the desktop app), through the same model manager as
// the chat models, from a local file server standing in for the model host: until it has arrived,
// search is by words; once it has, passages get vectors without a restart.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../src-main/node/llm/modelManager.js';
import { installedEmbedder, KnowledgeService } from '../../../src-main/node/knowledge/service.js';
import { sharedLlama } from '../../../src-main/node/llm/llamaEngine.js';
import { createLogger } from '../../../src-main/node/logger.js';
import { startFakeServer, type FakeServer } from '../llm/fakeServer.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

const logger = createLogger({ level: 'error' });
const payload = readFileSync(tinyModelPath());
const catalog: CatalogEntry[] = [
  { id: 'tiny-embed', name: 'Tiny embedding', uri: 'hf:test/tiny-embed-GGUF/tiny-embed.gguf', sizeBytes: payload.length, sizeExact: true, license: 'MIT', sha256: null },
];
let server: FakeServer;
let requests = 0;

beforeAll(async () => {
  server = await startFakeServer();
  server.routes.set('GET /test/tiny-embed-GGUF/resolve/main/tiny-embed.gguf', async (_req, res) => {
    requests++;
    res.writeHead(200, { 'content-length': payload.length });
    res.end(payload);
  });
});
afterAll(async () => {
  await server.close();
});

describe('embedding model on first use', () => {
  it('downloads the model in the background and embeds once it is there', { timeout: 120_000 }, async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'knowledge-dl-')));
    const root = join(base, 'ws');
    mkdirSync(root);
    writeFileSync(join(root, 'a.md'), '# Trip\nLisbon in spring');
    const embedder = installedEmbedder(join(base, 'models'), logger, {
      download: true,
      id: 'tiny-embed',
      catalog,
      downloadBaseUrl: server.url,
      llama: async () => (await sharedLlama(false, logger)).llama,
    });
    const knowledge = new KnowledgeService({ dataDir: join(base, 'data'), logger, watch: false, embedder });
    try {
      // Words work at once.
      expect((await knowledge.searchWorkspace(root, 'Lisbon', { refresh: true })).map((h) => h.path)).toEqual(['a.md']);
      await expect.poll(async () => (await knowledge.searchWorkspace(root, 'Lisbon', { refresh: true }), (await knowledge.progress(root)).embedded), { timeout: 60_000 }).toBe(1);
      expect(requests).toBe(1);
    } finally {
      await knowledge.close();
    }
  });
});
