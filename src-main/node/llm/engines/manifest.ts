// The GPU engines that are downloaded on demand (llama.cpp's CUDA build, hundreds of MB, which the
// installers leave out) come from exactly the packages and versions package-lock.json pins, checked
// against the lock's integrity hash. An installed app has no lock, so the build writes this manifest
// from it (scripts/build/enginesManifest.ts → out/engines/engines.json); a checkout without a build
// derives the same from the lock. Tarball addresses: the lock's `resolved` where it has one, else the
// registry npm itself would use (npm's config), with npm's own tarball layout (`name/-/base-version.tgz`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../../common/errors.js';

export interface EnginePackage {
  name: string;
  version: string;
  /** Subresource-integrity string from the lock (`sha512-<base64>`). */
  integrity: string;
  url: string;
}

/** Downloadable engines: by build kind, then by `<os>-<arch>` (node-llama-cpp's platform names). */
export interface EnginesManifest {
  nodeLlamaCpp: string;
  engines: { cuda: Record<string, EnginePackage[]> };
}

interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
}
interface Lock {
  packages: Record<string, LockEntry>;
}

/** The CUDA build's packages per platform: the build and, where the lock has it, its companion `-ext`. */
const CUDA_PLATFORMS = ['linux-x64', 'win-x64'] as const;

/** npm's tarball address for a package on a registry (what it fetches when the lock omits `resolved`). */
export function tarballUrl(registry: string, name: string, version: string): string {
  const base = name.split('/').pop()!;
  return `${registry.replace(/\/+$/, '')}/${name}/-/${base}-${version}.tgz`;
}

function lockPackage(lock: Lock, name: string, registry: string): EnginePackage | null {
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry?.version || !entry.integrity) return null;
  return { name, version: entry.version, integrity: entry.integrity, url: entry.resolved ?? tarballUrl(registry, name, entry.version) };
}

export function buildEnginesManifest(lock: Lock, registry: string): EnginesManifest {
  const nodeLlamaCpp = lock.packages['node_modules/node-llama-cpp']?.version;
  if (!nodeLlamaCpp) throw new Error('package-lock.json has no node-llama-cpp entry.');
  const cuda: Record<string, EnginePackage[]> = {};
  for (const platform of CUDA_PLATFORMS) {
    const main = lockPackage(lock, `@node-llama-cpp/${platform}-cuda`, registry);
    if (!main) continue;
    const ext = lockPackage(lock, `@node-llama-cpp/${platform}-cuda-ext`, registry);
    // node-llama-cpp loads a prebuilt package only when its version equals its own.
    cuda[platform] = [main, ...(ext ? [ext] : [])].filter((p) => p.version === nodeLlamaCpp);
  }
  return { nodeLlamaCpp, engines: { cuda } };
}

/** The registry npm is configured with here (the build machine's, or a checkout's). */
export function npmRegistry(env: NodeJS.ProcessEnv = process.env): string {
  if (env.npm_config_registry) return env.npm_config_registry;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return execFileSync(npm, ['config', 'get', 'registry'], { encoding: 'utf8', shell: process.platform === 'win32' }).trim();
}

export const MANIFEST_FILE = join('out', 'engines', 'engines.json');

/**
 * A checkout's lock made into a manifest, else (an installed app) the built one under appRoot; a clear
 * error when neither exists. AGENTIC_ENGINES_MANIFEST names another manifest file (a mirror inside a company network; the tests' fixture registry).
 */
export function loadEnginesManifest(appRoot: string, env: NodeJS.ProcessEnv = process.env): EnginesManifest {
  if (env.AGENTIC_ENGINES_MANIFEST) return JSON.parse(readFileSync(env.AGENTIC_ENGINES_MANIFEST, 'utf8')) as EnginesManifest;
  // A checkout's lock is the source of truth (a built manifest there may predate a dependency update).
  const lock = join(appRoot, 'package-lock.json');
  if (existsSync(lock)) return buildEnginesManifest(JSON.parse(readFileSync(lock, 'utf8')) as Lock, npmRegistry());
  const built = join(appRoot, MANIFEST_FILE);
  if (!existsSync(built)) throw new AppError('NOT_FOUND', `No engines manifest in ${appRoot}: this build cannot download GPU engines.`);
  return JSON.parse(readFileSync(built, 'utf8')) as EnginesManifest;
}

/** `<os>-<arch>` as node-llama-cpp names its packages; null where it has no CUDA build. */
export function enginePlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string | null {
  const os = platform === 'linux' ? 'linux' : platform === 'win32' ? 'win' : null;
  return os ? `${os}-${arch}` : null;
}
