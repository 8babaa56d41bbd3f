// node-llama-cpp's prebuilt llama.cpp builds are npm packages (`@node-llama-cpp/<platform>[-gpu]`) that
// it finds by importing them by name from its own folder (compileLLamaCpp.js, getPrebuiltBinaryPath),
// and only when their version equals its own. Which of them are installed decides what the engine
// choice may try; the installers carry CPU and Vulkan builds, CUDA is a separate download.
import { createRequire } from 'node:module';
import { downloadedBuild } from './engines/resolve.js';
import type { EngineKind } from './speedEstimate.js';

/** Package names by build, for this platform and architecture (what node-llama-cpp imports). */
export function llamaBuildPackages(platform: NodeJS.Platform = process.platform, arch: string = process.arch): Partial<Record<EngineKind, string>> {
  if (platform === 'darwin') return arch === 'arm64' ? { metal: 'mac-arm64-metal' } : { cpu: 'mac-x64' };
  const os = platform === 'win32' ? 'win' : platform === 'linux' ? 'linux' : null;
  if (!os) return {};
  if (arch === 'x64') return { cpu: `${os}-x64`, vulkan: `${os}-x64-vulkan`, cuda: `${os}-x64-cuda` };
  return { cpu: `${os}-${arch}` };
}

/** The builds whose package resolves from node-llama-cpp's folder or was downloaded; Apple's Metal build also runs on the CPU. */
export function installedLlamaBuilds(resolveFrom?: string): EngineKind[] {
  let require: NodeJS.Require;
  try {
    require = createRequire(resolveFrom ?? createRequire(import.meta.url).resolve('node-llama-cpp'));
  } catch {
    return [];
  }
  const found = Object.entries(llamaBuildPackages()).flatMap(([kind, pkg]) => {
    // Downloaded into the engines folder (engines/resolve.ts makes node-llama-cpp's import find it).
    if (downloadedBuild(kind)) return [kind as EngineKind];
    try {
      require.resolve(`@node-llama-cpp/${pkg}`);
      return [kind as EngineKind];
    } catch {
      return [];
    }
  });
  if (found.includes('metal') && !found.includes('cpu')) found.push('cpu');
  return found;
}
