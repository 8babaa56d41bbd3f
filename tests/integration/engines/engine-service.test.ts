// The download service behind `agentic engines get|rm cuda` and Settings: status, pause (kept),
// resume (Range), cancel (deleted), remove; and a platform without a CUDA build says so.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineDownloads } from '../../../src-main/node/llm/engines/service.js';
import { createLogger } from '../../../src-main/node/logger.js';
import { fakeCudaPackage, fixtureRegistry, sriOf } from '../../helpers/engineFixture.js';

const MAIN = '@node-llama-cpp/linux-x64-cuda';
const logger = createLogger({ level: 'error' });

describe('EngineDownloads', () => {
  it('pauses, resumes from where it stopped, installs, and removes', async () => {
    const body = fakeCudaPackage(MAIN, '3.21.1', 'linux-x64-cuda', { 'bins/linux-x64-cuda/libggml-cuda.so': randomBytes(400_000) });
    const registry = await fixtureRegistry({ '/main.tgz': body });
    const root = mkdtempSync(join(tmpdir(), 'engines-'));
    const downloads = new EngineDownloads(root, () => [{ name: MAIN, version: '3.21.1', integrity: sriOf(body), url: registry.url('/main.tgz') }], logger);
    try {
      expect(downloads.status('cuda')).toMatchObject({ available: true, installed: null, state: 'idle', parts: 1 });
      let paused = false;
      const first = downloads.start('cuda', (s) => {
        if (s.state === 'downloading' && s.receivedBytes > 0 && !paused) {
          paused = true;
          void downloads.pause('cuda');
        }
      });
      await first.done;
      expect(downloads.status('cuda')).toMatchObject({ state: 'paused', installed: null });
      await downloads.start('cuda').done;
      expect(registry.requests.some((r) => r.path === '/main.tgz' && r.range)).toBe(true);
      expect(downloads.status('cuda')).toMatchObject({ state: 'idle', installed: '3.21.1', error: null });
      const removed = await downloads.remove('cuda');
      expect(removed.removed).toBe(true);
      expect(removed.status).toMatchObject({ installed: null, state: 'idle' });
    } finally {
      await registry.close();
    }
  });

  it('cancel deletes what arrived; a failed download reports why', async () => {
    const body = fakeCudaPackage(MAIN, '3.21.1', 'linux-x64-cuda', { 'bins/linux-x64-cuda/libggml-cuda.so': randomBytes(400_000) });
    const registry = await fixtureRegistry({ '/main.tgz': body });
    const root = mkdtempSync(join(tmpdir(), 'engines-'));
    let integrity = sriOf(body);
    const downloads = new EngineDownloads(root, () => [{ name: MAIN, version: '3.21.1', integrity, url: registry.url('/main.tgz') }], logger);
    try {
      let stopped = false;
      await downloads.start('cuda', (s) => {
        if (s.receivedBytes > 0 && !stopped) {
          stopped = true;
          void downloads.pause('cuda');
        }
      }).done;
      expect(readdirSync(join(root, 'downloads')).length).toBe(1);
      expect((await downloads.cancel('cuda')).state).toBe('idle');
      expect(readdirSync(join(root, 'downloads'))).toEqual([]);
      integrity = sriOf(Buffer.from('something else'));
      await expect(downloads.start('cuda').done).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
      expect(downloads.status('cuda')).toMatchObject({ state: 'failed', installed: null });
      expect(downloads.status('cuda').error).toMatch(/does not match the integrity hash/);
    } finally {
      await registry.close();
    }
  });

  it('a platform without a CUDA build (or a missing manifest) is not available', () => {
    const root = mkdtempSync(join(tmpdir(), 'engines-'));
    expect(new EngineDownloads(root, () => [], logger).status('cuda')).toMatchObject({ available: false, parts: 0 });
    const broken = new EngineDownloads(
      root,
      () => {
        throw new Error('no manifest');
      },
      logger,
    );
    expect(broken.status('cuda').available).toBe(false);
  });
});
