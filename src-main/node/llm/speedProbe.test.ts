import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuProfile, detectIsa } from './speedProbe.js';

const dir = mkdtempSync(join(tmpdir(), 'probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('detectIsa', () => {
  it('reads the strongest SIMD level from recorded /proc/cpuinfo flags', () => {
    expect(detectIsa('processor\t: 0\nflags\t\t: fpu sse2 avx fma avx2 avx512f avx512bw\n', 'x64')).toBe('avx512');
    expect(detectIsa('flags\t\t: fpu sse2 avx fma avx2\n', 'x64')).toBe('avx2');
    expect(detectIsa('flags\t\t: fpu sse2 sse4_2\n', 'x64')).toBe('basic');
    expect(detectIsa('Features\t: fp asimd evtstrm crc32\n', 'arm')).toBe('neon');
  });
  it('falls back on the architecture where there is no cpuinfo (macOS, Windows)', () => {
    expect(detectIsa(null, 'arm64')).toBe('neon');
    expect(detectIsa(null, 'x64')).toBe('avx2');
  });
});

describe('cpuProfile', () => {
  it('measures once, then reads the cache', async () => {
    const cache = join(dir, 'probe.json');
    const first = await cpuProfile(cache, 1);
    expect(first.cached).toBe(false);
    expect(first.memoryBandwidth).toBeGreaterThan(1e8);
    expect(first.threads).toBe(1);
    const second = await cpuProfile(cache, 3);
    expect(second).toMatchObject({ cached: true, memoryBandwidth: first.memoryBandwidth, isa: first.isa, threads: 3 });
    expect(JSON.parse(readFileSync(cache, 'utf8'))).toMatchObject({ isa: first.isa });
  });
});
