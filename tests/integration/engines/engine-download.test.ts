// The on-demand CUDA download against a local fixture registry: the packages the lock names, each
// checked against its integrity, resumed after a dropped connection and after a pause, unpacked and
// switched in atomically; a mismatch or a full disk leaves the previous install in use and nothing half there.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src-main/common/errors.js';
import { installEngine, installedEngine, pausedDownload, removeEngine } from '../../../src-main/node/llm/engines/install.js';
import type { EnginePackage } from '../../../src-main/node/llm/engines/manifest.js';
import { fakeCudaPackage, fixtureRegistry, sriOf, type FixtureRegistry } from '../../helpers/engineFixture.js';

const VERSION = '3.21.1';
const MAIN = '@node-llama-cpp/linux-x64-cuda';
const EXT = '@node-llama-cpp/linux-x64-cuda-ext';
// Big enough (random bytes do not compress) that a drop part-way leaves a real partial file.
const payload = randomBytes(300_000);

let registry: FixtureRegistry | null = null;
afterEach(async () => {
  await registry?.close();
  registry = null;
});

async function setup(mainBody = fakeCudaPackage(MAIN, VERSION, 'linux-x64-cuda', { 'bins/linux-x64-cuda/libggml-cuda.so': payload })) {
  const extBody = fakeCudaPackage(EXT, VERSION, 'linux-x64-cuda');
  registry = await fixtureRegistry({ '/main.tgz': mainBody, '/ext.tgz': extBody });
  const packages: EnginePackage[] = [
    { name: MAIN, version: VERSION, integrity: sriOf(mainBody), url: registry.url('/main.tgz') },
    { name: EXT, version: VERSION, integrity: sriOf(extBody), url: registry.url('/ext.tgz') },
  ];
  return { root: mkdtempSync(join(tmpdir(), 'engines-')), packages, registry };
}

const install = (root: string, packages: EnginePackage[], signal = new AbortController().signal) => installEngine({ root, kind: 'cuda', packages, signal, retryDelayMs: 10 });

describe('engine download', () => {
  it('installs both packages, verified, under a pointer that names them; the tarballs are removed', async () => {
    const { root, packages } = await setup();
    const pointer = await install(root, packages);
    expect(pointer.packages).toEqual([MAIN, EXT]);
    expect(installedEngine(root, 'cuda')).toEqual(pointer);
    const dir = join(root, pointer.folder, 'node_modules', '@node-llama-cpp', 'linux-x64-cuda');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe(VERSION);
    expect(readFileSync(join(dir, 'bins', 'linux-x64-cuda', 'libggml-cuda.so')).equals(payload)).toBe(true);
    expect(readdirSync(join(root, 'downloads'))).toEqual([]);
    expect(readdirSync(root).filter((n) => n.startsWith('.staging'))).toEqual([]);
  });

  it('resumes with a Range request when the connection drops part-way', async () => {
    const { root, packages, registry } = await setup();
    registry.dropAfter(100_000);
    await install(root, packages);
    const ranges = registry.requests.filter((r) => r.path === '/main.tgz' && r.range);
    expect(ranges.length).toBe(1);
    expect(Number(/bytes=(\d+)-/.exec(ranges[0]!.range!)?.[1])).toBeGreaterThanOrEqual(100_000);
    expect(installedEngine(root, 'cuda')).not.toBeNull();
  });

  it('a pause keeps what arrived and the next run continues from there', async () => {
    const { root, packages, registry } = await setup();
    const pause = new AbortController();
    registry.dropAfter(150_000);
    const first = installEngine({
      root,
      kind: 'cuda',
      packages,
      signal: pause.signal,
      retryDelayMs: 5_000,
      onProgress: (p) => {
        if (p.phase === 'download' && p.receivedBytes > 0) pause.abort();
      },
    });
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(pausedDownload(root, packages)).toBe(true);
    expect(installedEngine(root, 'cuda')).toBeNull();
    await install(root, packages);
    expect(registry.requests.some((r) => r.path === '/main.tgz' && r.range)).toBe(true);
    expect(installedEngine(root, 'cuda')).not.toBeNull();
  });

  it('refuses a tarball whose integrity differs from the lock, deletes it, and keeps the installed build', async () => {
    const { root, packages } = await setup();
    const good = await install(root, packages);
    const tampered = packages.map((p, i) => (i === 0 ? { ...p, integrity: sriOf(Buffer.from('another tarball')) } : p));
    const error = await install(root, tampered).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CHECKSUM_MISMATCH');
    expect((error as AppError).message).toMatch(/integrity hash package-lock.json pins: it was deleted/);
    expect(readdirSync(join(root, 'downloads'))).toEqual([]);
    expect(installedEngine(root, 'cuda')).toEqual(good);
    expect(existsSync(join(root, good.folder, 'node_modules', '@node-llama-cpp', 'linux-x64-cuda', 'dist', 'index.js'))).toBe(true);
  });

  it('a new install replaces the old one only once it is complete, then removes the old folder', async () => {
    const { root, packages } = await setup();
    const first = await install(root, packages);
    const second = await install(root, packages);
    expect(second.folder).not.toBe(first.folder);
    expect(existsSync(join(root, first.folder))).toBe(false);
    expect(installedEngine(root, 'cuda')).toEqual(second);
  });

  it('a full disk while unpacking says so, removes the half-unpacked folder and keeps the previous install', async () => {
    const { root, packages } = await setup();
    const good = await install(root, packages);
    let written = 0;
    const fullDisk = installEngine({
      root,
      kind: 'cuda',
      packages,
      signal: new AbortController().signal,
      openFile: async () => ({
        write: async (data: Buffer) => {
          written += data.length;
          if (written > 50_000) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          return data.length;
        },
        close: async () => undefined,
      }),
    });
    const error = await fullDisk.catch((e: unknown) => e);
    expect((error as AppError).code).toBe('DOWNLOAD_FAILED');
    expect((error as AppError).message).toMatch(/disk is full.*Nothing was installed/);
    expect(readdirSync(root).filter((n) => n.startsWith('.staging'))).toEqual([]);
    expect(readdirSync(root).filter((n) => n.startsWith('cuda-'))).toEqual([good.folder]);
    expect(installedEngine(root, 'cuda')).toEqual(good);
  });

  it('rm removes the install and any partial download', async () => {
    const { root, packages } = await setup();
    const pointer = await install(root, packages);
    expect(await removeEngine(root, 'cuda', packages)).toBe(true);
    expect(installedEngine(root, 'cuda')).toBeNull();
    expect(existsSync(join(root, pointer.folder))).toBe(false);
    expect(await removeEngine(root, 'cuda', packages)).toBe(false);
  });
});
