#!/usr/bin/env node
// The offline recipe's second step. `npm ci --omit=optional` leaves out every optional dependency,
// among them the one prebuilt binary per platform that each native tool needs (and the CUDA and
// Vulkan variants, hundreds of MB, that nothing here uses). This script lists exactly those the
// current platform needs, at the versions package-lock.json pins, and installs them without
// touching package.json or the lock.
//   node scripts/install/platformPackages.mjs           install them (npm install --no-save)
//   node scripts/install/platformPackages.mjs --list    print name@version, one a line
//   … --installer    also the GPU builds the installers carry (the Vulkan builds of llama.cpp and
//                    whisper.cpp on Linux and Windows x64; the release workflow adds them first)
// Plain Node (no dependencies): it runs before anything else is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** glibc or musl on Linux (what the "-gnu"/"-musl" package suffixes mean); null elsewhere. */
function linuxLibc() {
  if (process.platform !== 'linux') return null;
  const header = process.report?.getReport?.().header;
  return header && header.glibcVersionRuntime ? 'gnu' : 'musl';
}

/**
 * For each tool, the name of its default (CPU) binary package on this platform, following each
 * tool's own naming (from their optionalDependencies). Returns null where the tool has none.
 */
export function platformPackageNames(platform = process.platform, arch = process.arch, libc = linuxLibc()) {
  const abi = platform === 'linux' ? `-${libc}` : platform === 'win32' ? '-msvc' : '';
  const llamaOs = { darwin: 'mac', win32: 'win', linux: 'linux' }[platform];
  const llama = platform === 'darwin' && arch === 'arm64' ? 'mac-arm64-metal' : `${llamaOs}-${arch}`;
  return {
    // Runtime: the session store, speech recognition and the embedded model.
    libsql: `@libsql/${platform}-${arch}${abi}`,
    '@fugood/whisper.node': `@fugood/node-whisper-${platform}-${arch}`,
    'node-llama-cpp': `@node-llama-cpp/${llama}`,
    // Build and test tools: tsx and electron-vite (esbuild), vite (rolldown, lightningcss), knip (oxc).
    esbuild: `@esbuild/${platform}-${arch}`,
    rolldown: `@rolldown/binding-${platform}-${arch}${abi}`,
    lightningcss: `lightningcss-${platform}-${arch}${abi}`,
    // npm test's unused-code check: knip parses and resolves with oxc.
    'oxc-parser': `@oxc-parser/binding-${platform}-${arch}${abi}`,
    'oxc-resolver': `@oxc-resolver/binding-${platform}-${arch}${abi}`,
  };
}

/** The GPU builds the installers carry beside the CPU ones (electron-builder.yml): Vulkan on Linux and Windows x64, of llama.cpp and whisper.cpp. */
export function installerGpuPackageNames(platform = process.platform, arch = process.arch) {
  const llamaOs = { win32: 'win', linux: 'linux' }[platform];
  if (!llamaOs || arch !== 'x64') return {};
  return {
    'node-llama-cpp (Vulkan)': `@node-llama-cpp/${llamaOs}-x64-vulkan`,
    '@fugood/whisper.node (Vulkan)': `@fugood/node-whisper-${platform}-x64-vulkan`,
  };
}

/** name@version for each needed package, read from the lock; throws if the lock has no entry. */
export function platformPackages(lock, names = platformPackageNames()) {
  return Object.entries(names).map(([tool, name]) => {
    const entry = lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`package-lock.json has no ${name} (the ${tool} binary for ${process.platform}-${process.arch}).`);
    return `${name}@${entry.version}`;
  });
}

function main() {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const names = process.argv.includes('--installer') ? { ...platformPackageNames(), ...installerGpuPackageNames() } : platformPackageNames();
  const specs = platformPackages(lock, names);
  if (process.argv.includes('--list')) {
    process.stdout.write(specs.join('\n') + '\n');
    return;
  }
  if (!existsSync(join(root, 'node_modules'))) throw new Error('Run `npm ci --omit=optional` first.');
  // --no-save: package.json and the lock stay as committed. --omit=optional: npm must not now add the
  // optional packages the first step left out. Scripts off: these packages are plain binaries.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--no-save', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', ...specs];
  process.stdout.write(`npm ${args.join(' ')}\n`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`platformPackages: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
