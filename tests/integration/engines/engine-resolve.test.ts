// After `engines get cuda` (here: from the fixture registry), node-llama-cpp's own prebuilt-binary
// lookup finds the downloaded CUDA package and its -ext companion in the engines folder, the engine
// choice counts CUDA as installed and tries it first on an NVIDIA machine, and on this machine (no
// GPU, and a stand-in binary) the load falls back to the CPU build with the reason, not a crash.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installEngine } from '../../../src-main/node/llm/engines/install.js';
import { fakeCudaPackage, fixtureRegistry, sriOf } from '../../helpers/engineFixture.js';

const MAIN = '@node-llama-cpp/linux-x64-cuda';
const EXT = '@node-llama-cpp/linux-x64-cuda-ext';
const VERSION = '3.21.1';

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('a downloaded CUDA build', () => {
  it('is found by node-llama-cpp through the loader hook, tried first, and passed over for the CPU with its reason', async () => {
    const main = fakeCudaPackage(MAIN, VERSION, 'linux-x64-cuda');
    const ext = fakeCudaPackage(EXT, VERSION, 'linux-x64-cuda');
    const registry = await fixtureRegistry({ '/main.tgz': main, '/ext.tgz': ext });
    const root = mkdtempSync(join(tmpdir(), 'engines-'));
    try {
      const pointer = await installEngine({
        root,
        kind: 'cuda',
        packages: [
          { name: MAIN, version: VERSION, integrity: sriOf(main), url: registry.url('/main.tgz') },
          { name: EXT, version: VERSION, integrity: sriOf(ext), url: registry.url('/ext.tgz') },
        ],
        signal: new AbortController().signal,
      });
      const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'helpers', 'engineResolveChild.ts'), root], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(child.status, child.stderr).toBe(0);
      const result = JSON.parse(child.stdout.split('\n').find((l) => l.startsWith('{'))!) as {
        prebuilt: { binaryPath: string; extBackendsPath: string };
        installed: string[];
        gpu: string | false;
        reason: string;
      };
      const installDir = join(root, pointer.folder, 'node_modules', '@node-llama-cpp');
      expect(result.prebuilt.binaryPath).toBe(join(installDir, 'linux-x64-cuda', 'bins', 'linux-x64-cuda', 'llama-addon.node'));
      expect(result.prebuilt.extBackendsPath).toBe(join(installDir, 'linux-x64-cuda-ext', 'bins', 'linux-x64-cuda'));
      expect(result.installed).toContain('cuda');
      expect(result.gpu).toBe(false);
      expect(result.reason).toMatch(/RTX 4090 \(driver 550\.54\.14\): CUDA\./);
      expect(result.reason).toMatch(/The cuda build did not load \(.+\); falling back\./);
    } finally {
      await registry.close();
    }
  });
});
