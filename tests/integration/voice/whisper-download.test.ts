// Whisper models download through the model manager like the GGUF models (local file server):
// progress, resume after a dropped connection, the SHA-256 the server announces (X-Linked-Etag, as
// the model host does), and the whisper.cpp model check; the downloaded model then transcribes.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../src-main/node/llm/modelManager.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { WhisperModels } from '../../../src-main/node/voice/models.js';
import { WhisperStt } from '../../../src-main/node/voice/stt.js';
import { startFakeServer, type FakeServer } from '../llm/fakeServer.js';
import { tinyWhisperPath } from '../../helpers/tinyWhisper.js';

const payload = readFileSync(tinyWhisperPath());
const sha = createHash('sha256').update(payload).digest('hex');
let server: FakeServer;
let dropAt: number | null = null;
let announced = sha;
const dir = mkdtempSync(join(tmpdir(), 'whisper-dl-'));
const catalog: CatalogEntry[] = [
  { id: 'whisper-tiny', name: 'Whisper tiny', uri: 'hf:ggerganov/whisper.cpp/ggml-tiny.bin', sizeBytes: payload.length, sizeExact: false, license: 'MIT', sha256: null },
];

beforeAll(async () => {
  server = await startFakeServer();
  const path = '/ggerganov/whisper.cpp/resolve/main/ggml-tiny.bin';
  server.routes.set(`HEAD ${path}`, async (_req, res) => {
    res.writeHead(302, { location: '/cdn', 'x-linked-etag': `"${announced}"`, 'x-linked-size': String(payload.length) });
    res.end();
  });
  server.routes.set(`GET ${path}`, async (req, res) => {
    const range = /bytes=(\d+)-/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const body = payload.subarray(start);
    res.writeHead(range ? 206 : 200, { 'content-length': body.length, ...(range ? { 'content-range': `bytes ${start}-${payload.length - 1}/${payload.length}` } : {}) });
    if (dropAt !== null) {
      const cut = dropAt - start;
      dropAt = null;
      res.write(body.subarray(0, cut));
      await new Promise((r) => setTimeout(r, 50));
      res.destroy();
      return;
    }
    res.end(body);
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('whisper model download', () => {
  it('a checksum that does not match what the server announced deletes the file', async () => {
    announced = 'a'.repeat(64);
    const models = new WhisperModels(join(dir, 'bad'), silentLogger, { catalog, downloadBaseUrl: server.url });
    await expect(models.manager.download('whisper-tiny', { signal: AbortSignal.timeout(30_000) })).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(models.resolve('')).toBeNull();
    announced = sha;
  });

  it('downloads with progress, resumes after a drop, checks SHA-256, and the model then loads', async () => {
    const models = new WhisperModels(join(dir, 'ok'), silentLogger, { catalog, downloadBaseUrl: server.url });
    dropAt = Math.floor(payload.length / 2);
    const progress: number[] = [];
    const r = await models.manager.download('whisper-tiny', { signal: AbortSignal.timeout(30_000), onProgress: (p) => progress.push(p.receivedBytes) });
    expect(progress.at(-1)).toBe(payload.length);
    // The second request resumed where the first stopped (what arrived before the drop, at most half).
    const resumedAt = server.requests.map((q) => Number(/bytes=(\d+)-/.exec(q.headers.range ?? '')?.[1] ?? 0)).find((n) => n > 0);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(Math.floor(payload.length / 2));
    expect(models.resolve('')).toBe(r.path);
    expect((await models.list('')).find((m) => m.id === 'whisper-tiny')?.installed).toBe(true);
    const stt = await WhisperStt.load(r.path);
    await stt.dispose();
  }, 60_000);
});
