// The engines manifest is exactly what package-lock.json pins (versions, integrity), the CUDA packages
// match node-llama-cpp's own version (it refuses others), and the build script writes the same.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnginesManifest, enginePlatform, tarballUrl } from './manifest.js';

const repo = join(import.meta.dirname, '..', '..', '..', '..');
const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; integrity: string }> };
const REGISTRY = 'http://127.0.0.1:9/registry/';

describe('engines manifest', () => {
  const manifest = buildEnginesManifest(lock, REGISTRY);

  it('pins the lock’s node-llama-cpp version, which is the one installed', () => {
    const installed = JSON.parse(readFileSync(join(repo, 'node_modules', 'node-llama-cpp', 'package.json'), 'utf8')) as { version: string };
    expect(manifest.nodeLlamaCpp).toBe(lock.packages['node_modules/node-llama-cpp']!.version);
    expect(manifest.nodeLlamaCpp).toBe(installed.version);
  });

  it('lists the CUDA build and its -ext companion for Linux and Windows x64, with the lock’s version and integrity', () => {
    expect(Object.keys(manifest.engines.cuda).sort()).toEqual(['linux-x64', 'win-x64']);
    for (const [platform, packages] of Object.entries(manifest.engines.cuda)) {
      expect(packages.map((p) => p.name)).toEqual([`@node-llama-cpp/${platform}-cuda`, `@node-llama-cpp/${platform}-cuda-ext`]);
      for (const pkg of packages) {
        const entry = lock.packages[`node_modules/${pkg.name}`]!;
        expect(pkg.version).toBe(entry.version);
        expect(pkg.integrity).toBe(entry.integrity);
        expect(pkg.integrity).toMatch(/^sha512-[A-Za-z0-9+/]+={0,2}$/);
        expect(pkg.url).toBe(tarballUrl(REGISTRY, pkg.name, pkg.version));
      }
    }
  });

  it('builds tarball addresses the way npm lays them out, and prefers a resolved address the lock has', () => {
    expect(tarballUrl('http://r.test/', '@node-llama-cpp/linux-x64-cuda', '3.21.1')).toBe('http://r.test/@node-llama-cpp/linux-x64-cuda/-/linux-x64-cuda-3.21.1.tgz');
    const withResolved = buildEnginesManifest(
      {
        packages: {
          'node_modules/node-llama-cpp': { version: '1.0.0' },
          'node_modules/@node-llama-cpp/linux-x64-cuda': { version: '1.0.0', integrity: 'sha512-AA==', resolved: 'http://mirror.test/a.tgz' },
          'node_modules/@node-llama-cpp/win-x64-cuda': { version: '0.9.0', integrity: 'sha512-AA==' },
        },
      },
      REGISTRY,
    );
    expect(withResolved.engines.cuda['linux-x64']).toEqual([
      { name: '@node-llama-cpp/linux-x64-cuda', version: '1.0.0', integrity: 'sha512-AA==', url: 'http://mirror.test/a.tgz' },
    ]);
    // A version other than node-llama-cpp's would never be loaded: left out.
    expect(withResolved.engines.cuda['win-x64']).toEqual([]);
  });

  it('names platforms as node-llama-cpp does', () => {
    expect(enginePlatform('linux', 'x64')).toBe('linux-x64');
    expect(enginePlatform('win32', 'x64')).toBe('win-x64');
    expect(enginePlatform('darwin', 'arm64')).toBeNull();
  });

  it('the build script writes the manifest made from the lock', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'manifest-')), 'engines.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'scripts', 'build', 'enginesManifest.ts'), '--out', out], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_registry: REGISTRY },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(manifest);
  });
});
