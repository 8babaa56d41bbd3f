// Which llama.cpp and whisper.cpp builds the Linux and Windows x64 installers carry, read from
// electron-builder.yml's `files` patterns (last matching pattern wins, as electron-builder applies
// them): Vulkan beside the CPU build, CUDA not; and that the installers' recipe
// (platformPackages.mjs --installer) installs exactly those Vulkan packages, at versions the lock has.
// This checks the configuration; the real packaging run (layout.test.ts) checks the files where the
// Vulkan packages are installed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installerGpuPackageNames, platformPackages } from '../../../scripts/install/platformPackages.mjs';
import { ROOT } from './packagedApp.js';

function filePatterns(): string[] {
  const text = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
  const block = /^files:\n((?:(?: {2}- .*| {2}#.*)\n)+)/m.exec(text)?.[1] ?? '';
  return block
    .split('\n')
    .filter((l) => l.startsWith('  - '))
    .map((l) =>
      l
        .slice(4)
        .trim()
        .replace(/^'(.*)'$/, '$1'),
    );
}

/** A glob as a regular expression: `**` any depth, `*` one segment, `{a,b}` alternatives. */
function globToRegex(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (glob.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function shipped(path: string, os: string, arch: string): boolean {
  let included = false;
  for (const raw of filePatterns()) {
    const negated = raw.startsWith('!');
    const pattern = (negated ? raw.slice(1) : raw)
      .replaceAll('${os}', os)
      .replaceAll('${arch}', arch)
      .replaceAll('${platform}', os === 'win' ? 'win32' : os);
    if (globToRegex(pattern).test(path)) included = !negated;
  }
  return included;
}

describe('GPU builds in the installers (electron-builder.yml)', () => {
  it.each([
    ['linux', 'x64'],
    ['win', 'x64'],
  ])('%s-%s carries the CPU and Vulkan builds of llama.cpp, not CUDA', (os, arch) => {
    const lib = os === 'win' ? 'ggml-vulkan.dll' : 'libggml-vulkan.so';
    expect(shipped(`node_modules/@node-llama-cpp/${os}-${arch}/bins/${os}-${arch}/llama-addon.node`, os, arch)).toBe(true);
    expect(shipped(`node_modules/@node-llama-cpp/${os}-${arch}-vulkan/bins/${os}-${arch}-vulkan/${lib}`, os, arch)).toBe(true);
    expect(shipped(`node_modules/@node-llama-cpp/${os}-${arch}-cuda/bins/${os}-${arch}-cuda/llama-addon.node`, os, arch)).toBe(false);
    expect(shipped(`node_modules/@node-llama-cpp/${os}-${arch}-cuda-ext/bins/${os}-${arch}-cuda-ext/ggml-cuda.node`, os, arch)).toBe(false);
  });
  it.each([
    ['linux', 'x64'],
    ['win', 'x64'],
  ])('%s-%s carries the default and Vulkan builds of whisper.cpp, not CUDA', (os, arch) => {
    const platform = os === 'win' ? 'win32' : os;
    expect(shipped(`node_modules/@fugood/node-whisper-${platform}-${arch}/index.node`, os, arch)).toBe(true);
    expect(shipped(`node_modules/@fugood/node-whisper-${platform}-${arch}-vulkan/index.node`, os, arch)).toBe(true);
    expect(shipped(`node_modules/@fugood/node-whisper-${platform}-${arch}-cuda/index.node`, os, arch)).toBe(false);
    expect(shipped(`node_modules/@fugood/node-whisper-wasm/dist/whisper.wasm`, os, arch)).toBe(false);
    // Another platform's whisper build never rides along.
    expect(shipped(`node_modules/@fugood/node-whisper-${os === 'win' ? 'linux' : 'win32'}-${arch}-vulkan/index.node`, os, arch)).toBe(false);
  });
  it.each([
    ['linux', 'x64'],
    ['win32', 'x64'],
  ])('the installers’ recipe on %s-%s installs the Vulkan builds the patterns ship, at the lock’s versions', (platform, arch) => {
    const names = Object.values(installerGpuPackageNames(platform, arch));
    expect(names).toEqual([`@node-llama-cpp/${platform === 'win32' ? 'win' : platform}-${arch}-vulkan`, `@fugood/node-whisper-${platform}-${arch}-vulkan`]);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    expect(platformPackages(lock, installerGpuPackageNames(platform, arch))).toEqual(names.map((n) => `${n}@${lock.packages[`node_modules/${n}`]!.version}`));
    for (const name of names) expect(shipped(`node_modules/${name}/package.json`, platform === 'win32' ? 'win' : platform, arch), name).toBe(true);
    expect(installerGpuPackageNames('darwin', 'arm64')).toEqual({});
    expect(installerGpuPackageNames('linux', 'arm64')).toEqual({});
  });
  it('leaves out the other platforms’ builds and the sources', () => {
    expect(shipped('node_modules/@node-llama-cpp/win-x64-vulkan/bins/win-x64-vulkan/ggml-vulkan.dll', 'linux', 'x64')).toBe(false);
    expect(shipped('node_modules/@node-llama-cpp/mac-arm64-metal/bins/mac-arm64-metal/llama-addon.node', 'mac', 'arm64')).toBe(true);
    expect(shipped('node_modules/node-llama-cpp/llama/gitRelease.bundle', 'linux', 'x64')).toBe(false);
    expect(shipped('out/main/main.js', 'linux', 'x64')).toBe(true);
    // The manifest of the builds downloaded on demand (versions and integrity from the lock).
    expect(shipped('out/engines/engines.json', 'linux', 'x64')).toBe(true);
    expect(shipped('out/engines/engines.json', 'win', 'x64')).toBe(true);
  });
});
