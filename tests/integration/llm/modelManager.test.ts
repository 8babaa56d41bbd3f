// Model downloads against a local file server: progress, resume after a drop, size and checksum checks.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src-main/node/logger.js';
import { loadCatalog, ModelManager, resolveModelPath, type CatalogEntry } from '../../../src-main/node/llm/modelManager.js';
import type { DownloadProgress } from '../../../src-main/node/llm/download.js';
import { deadUrl, startFakeServer, type FakeServer } from './fakeServer.js';

const GB = 2 ** 30;
// A GGUF-looking payload: the magic, then 3 MB of bytes that differ everywhere (so a bad resume shows).
const payload = Buffer.concat([Buffer.from('GGUF'), Buffer.from(Array.from({ length: 3 * 2 ** 20 }, (_, i) => (i * 7 + (i >> 8)) & 0xff))]);
const sha = createHash('sha256').update(payload).digest('hex');
let server: FakeServer;
let dir: string;
let dropNextAt: number | null = null;

const entry = (over: Partial<CatalogEntry>): CatalogEntry => ({
  id: 'tiny',
  name: 'Tiny',
  uri: 'hf:acme/tiny-GGUF/tiny-q4.gguf',
  sizeBytes: payload.length,
  sizeExact: true,
  license: 'MIT',
  sha256: sha,
  ...over,
});

function manager(catalog: CatalogEntry[], ramBytes = 16 * GB, vramBytes = 0): ModelManager {
  return new ModelManager({
    modelsDir: dir,
    logger: silentLogger,
    catalog,
    downloadBaseUrl: server.url,
    retryDelayMs: 10,
    memory: () => Promise.resolve({ ramBytes, freeRamBytes: ramBytes, vramBytes }),
  });
}

beforeAll(async () => {
  server = await startFakeServer();
  server.routes.set('GET /acme/tiny-GGUF/resolve/main/tiny-q4.gguf', async (req, res) => {
    const range = /bytes=(\d+)-/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const body = payload.subarray(start);
    res.writeHead(range ? 206 : 200, {
      'content-length': body.length,
      ...(range ? { 'content-range': `bytes ${start}-${payload.length - 1}/${payload.length}` } : {}),
    });
    if (dropNextAt !== null) {
      const cut = dropNextAt - start;
      dropNextAt = null;
      res.write(body.subarray(0, cut));
      await new Promise((r) => setTimeout(r, 50));
      res.destroy(); // the connection drops halfway
      return;
    }
    res.end(body);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'models-'));
  server.requests.length = 0;
  dropNextAt = null;
});
// Each test downloads a model of its own (about 1 MB) into dir.
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ModelManager', () => {
  it('downloads with progress events and a verified checksum', async () => {
    const progress: DownloadProgress[] = [];
    const { path } = await manager([entry({})]).download('tiny', { signal: new AbortController().signal, onProgress: (p) => progress.push(p) });
    expect(readFileSync(path).equals(payload)).toBe(true);
    expect(progress.at(-1)).toEqual({ receivedBytes: payload.length, totalBytes: payload.length });
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it('resumes with a Range request after the server drops the connection halfway', async () => {
    dropNextAt = Math.floor(payload.length / 2);
    const { path } = await manager([entry({})]).download('tiny', { signal: new AbortController().signal });
    expect(readFileSync(path).equals(payload)).toBe(true);
    const gets = server.requests.filter((r) => r.path.endsWith('tiny-q4.gguf'));
    expect(gets).toHaveLength(2);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(gets[1]!.headers.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0); // picked up where the dropped connection stopped, not from 0
    expect(resumedAt).toBeLessThanOrEqual(Math.floor(payload.length / 2));
  });

  it('resumes a download cancelled earlier from its part file', async () => {
    const m = manager([entry({})]);
    const half = Math.floor(payload.length / 2);
    writeFileSync(join(dir, 'tiny-q4.gguf.part'), payload.subarray(0, half));
    await m.download('tiny', { signal: new AbortController().signal });
    expect(server.requests[0]!.headers.range).toBe(`bytes=${half}-`);
    expect(readFileSync(m.pathOf('tiny')).equals(payload)).toBe(true);
  });

  it('refuses a file whose checksum does not match and deletes it', async () => {
    const m = manager([entry({ sha256: 'a'.repeat(64) })]);
    await expect(m.download('tiny', { signal: new AbortController().signal })).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(existsSync(m.pathOf('tiny'))).toBe(false);
    expect(existsSync(`${m.pathOf('tiny')}.part`)).toBe(false);
  });

  it('refuses a file whose size differs from the catalogue', async () => {
    const m = manager([entry({ sha256: null, sizeBytes: payload.length + 1 })]);
    await expect(m.download('tiny', { signal: new AbortController().signal })).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
  });

  describe('without a catalogue checksum, the SHA-256 the server announces (Hugging Face X-Linked-Etag)', () => {
    /** HEAD on the resolve URL answers like the Hub for an LFS file: a redirect carrying the file's SHA-256 and size. */
    const announce = (sha256: string, size = payload.length) =>
      server.routes.set('HEAD /acme/tiny-GGUF/resolve/main/tiny-q4.gguf', (_req, res) => {
        res.writeHead(302, { location: '/cdn/elsewhere', 'x-linked-etag': `"${sha256}"`, 'x-linked-size': String(size) });
        res.end();
      });
    afterAll(() => server.routes.delete('HEAD /acme/tiny-GGUF/resolve/main/tiny-q4.gguf'));

    it('accepts the file when it matches', async () => {
      announce(sha);
      const { path } = await manager([entry({ sha256: null, sizeExact: false })]).download('tiny', { signal: new AbortController().signal });
      expect(readFileSync(path).equals(payload)).toBe(true);
      expect(server.requests.some((r) => r.method === 'HEAD')).toBe(true);
    });

    it('refuses and deletes a file that does not match it (a corrupted transfer the size check misses)', async () => {
      announce('b'.repeat(64));
      const m = manager([entry({ sha256: null, sizeExact: false })]);
      await expect(m.download('tiny', { signal: new AbortController().signal })).rejects.toMatchObject({
        code: 'CHECKSUM_MISMATCH',
        message: expect.stringContaining('the server announced'),
      });
      expect(existsSync(m.pathOf('tiny'))).toBe(false);
      expect(existsSync(`${m.pathOf('tiny')}.part`)).toBe(false);
    });

    it('refuses a file whose size differs from the announced size', async () => {
      announce(sha, payload.length + 10);
      const m = manager([entry({ sha256: null, sizeExact: false })]);
      await expect(m.download('tiny', { signal: new AbortController().signal })).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    });
  });

  it('says OFFLINE when the host cannot be reached', async () => {
    const m = new ModelManager({ modelsDir: dir, logger: silentLogger, catalog: [entry({})], downloadBaseUrl: await deadUrl() });
    await expect(m.download('tiny', { signal: new AbortController().signal })).rejects.toMatchObject({ code: 'OFFLINE' });
  });

  it('recommends the largest model that fits and marks installed and active ones', async () => {
    const catalog = (['small', 'mid', 'big'] as const).map((id, i) => entry({ id, uri: `hf:acme/${id}-GGUF/${id}.gguf`, sizeBytes: [1, 4, 20][i]! * GB }));
    const m = manager(catalog, 16 * GB);
    writeFileSync(m.pathOf('small'), payload);
    const list = await m.list('small');
    expect(list.map((e) => [e.id, e.fits, e.recommended, e.installed, e.active])).toEqual([
      ['small', true, false, true, true],
      ['mid', true, true, false, false],
      ['big', false, false, false, false],
    ]);
    // A GPU with room changes the answer.
    expect((await manager(catalog, 16 * GB, 48 * GB).list()).find((e) => e.recommended)?.id).toBe('big');
  });

  it('deletes a downloaded model', async () => {
    const m = manager([entry({})]);
    writeFileSync(m.pathOf('tiny'), payload);
    expect(await m.delete('tiny')).toEqual({ deleted: true });
    expect(existsSync(m.pathOf('tiny'))).toBe(false);
  });

  it('opens a local GGUF file and rejects anything else', async () => {
    const m = manager([entry({})]);
    const good = join(dir, 'mine.gguf');
    writeFileSync(good, payload.subarray(0, 100));
    writeFileSync(join(dir, 'bad.gguf'), 'not a model');
    expect(await m.openLocal(good)).toEqual({ id: good });
    expect((await m.list()).some((e) => e.id === good && e.installed)).toBe(true);
    await expect(m.openLocal(join(dir, 'bad.gguf'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(m.openLocal(join(dir, 'none.gguf'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships a valid catalogue and resolves ids and paths for settings.provider.model', () => {
    const catalog = loadCatalog();
    expect(catalog.length).toBeGreaterThanOrEqual(4);
    expect(resolveModelPath(catalog[0]!.id, '/models', catalog)).toBe(`/models/${catalog[0]!.uri.split('/').pop()}`);
    expect(resolveModelPath('/x/y.gguf', '/models', catalog)).toBe('/x/y.gguf');
  });
});
