// Toolchain detection (a JVM start and more: about a second) runs once, not at every app start,
// and runs again when the toolchains change or the cache cannot be trusted.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cachedToolchains } from '../../../src-main/node/exec/toolchainCache.js';
import { detectToolchains, type Toolchain } from '../../../src-main/node/exec/toolchains.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-toolchain-cache-'));
const file = join(dir, 'cache', 'toolchains.json');
const originalPath = process.env.PATH;
afterAll(() => {
  process.env.PATH = originalPath;
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  process.env.PATH = originalPath;
  rmSync(file, { force: true });
});

let detections = 0;
const counting = async (): Promise<Toolchain[]> => {
  detections++;
  return detectToolchains();
};

describe('toolchain cache', () => {
  it('detects once, then answers from the file with the same result', async () => {
    detections = 0;
    const first = await cachedToolchains(file, counting);
    const second = await cachedToolchains(file, counting);
    expect(detections).toBe(1);
    expect(second).toEqual(first);
    expect(first.find((t) => t.language === 'python')?.available).toBe(true);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { toolchains: unknown[] }).toolchains).toHaveLength(first.length);
  });

  it('detects again when a new executable appears earlier on PATH, when the file is a day old, or unreadable', async () => {
    detections = 0;
    await cachedToolchains(file, counting);
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'go'), '#!/bin/sh\necho go version go9.9.9 linux/amd64\n');
    chmodSync(join(bin, 'go'), 0o755);
    process.env.PATH = `${bin}:${originalPath}`;
    await cachedToolchains(file, counting);
    expect(detections).toBe(2);
    await cachedToolchains(file, counting, Date.now() + 25 * 60 * 60 * 1000);
    expect(detections).toBe(3);
    writeFileSync(file, '{ not json');
    await cachedToolchains(file, counting);
    expect(detections).toBe(4);
  });

  it('detects again when a cached command is gone', async () => {
    detections = 0;
    await cachedToolchains(file, counting);
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { toolchains: Toolchain[] };
    cached.toolchains[0]!.commands = { python: join(dir, 'no-such-python') };
    writeFileSync(file, JSON.stringify(cached));
    await cachedToolchains(file, counting);
    expect(detections).toBe(2);
  });
});
