// Child process of engine-resolve.test.ts (a fresh process: the loader hook is process-wide). With the
// engines folder registered, asks node-llama-cpp's own prebuilt-binary lookup where the CUDA build is,
// then loads the embedded engine with CUDA first (recorded NVIDIA detection, or the pin) and prints
// what happened as one JSON line.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerDownloadedEngines } from '../../src-main/node/llm/engines/resolve.js';
import { installedLlamaBuilds } from '../../src-main/node/llm/llamaBuilds.js';
import { bestLlama, importLlamaCpp } from '../../src-main/node/llm/llamaEngine.js';
import { createLogger } from '../../src-main/node/logger.js';

const root = process.argv[2]!;
registerDownloadedEngines(root);
// node-llama-cpp's internal module, loaded by path only to call its own lookup (not changed in any way).
const llamaDir = dirname(dirname(createRequire(import.meta.url).resolve('node-llama-cpp')));
const internals = (await import(pathToFileURL(join(llamaDir, 'dist', 'bindings', 'utils', 'compileLLamaCpp.js')).href)) as {
  getPrebuiltBinaryPath: (options: object, folder: string) => Promise<{ binaryPath: string; extBackendsPath?: string } | null>;
};
const prebuilt = await internals.getPrebuiltBinaryPath({ platform: 'linux', arch: 'x64', gpu: 'cuda' }, 'linux-x64-cuda');
const installed = installedLlamaBuilds();
const nvidia = {
  platform: 'linux' as const,
  arch: 'x64',
  gpus: [{ vendor: 'nvidia' as const, name: 'NVIDIA GeForce RTX 4090', driver: '550.54.14', vramBytes: 24 * 2 ** 30, freeVramBytes: 23 * 2 ** 30 }],
};
const { llama, reason } = await bestLlama(await importLlamaCpp(), 'auto', createLogger({ level: 'error' }), { input: nvidia, installed });
process.stdout.write(JSON.stringify({ prebuilt, installed, gpu: llama.gpu, reason }) + '\n');
await llama.dispose();
