// `agentic engines get cuda` from a local fixture registry (AGENTIC_ENGINES_MANIFEST): downloaded,
// verified and installed into the engines folder beside the models; `engines list` then counts CUDA
// as installed (through the loader hook's pointer) and `engines rm cuda` removes it.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeCudaPackage, fixtureRegistry, sriOf } from '../../helpers/engineFixture.js';
import { runCli } from '../../helpers/processes.js';

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('agentic engines get cuda', () => {
  it('installs the build the manifest names, list counts it, rm removes it', { timeout: 180_000 }, async () => {
    const main = fakeCudaPackage('@node-llama-cpp/linux-x64-cuda', '3.21.1', 'linux-x64-cuda');
    const ext = fakeCudaPackage('@node-llama-cpp/linux-x64-cuda-ext', '3.21.1', 'linux-x64-cuda');
    const registry = await fixtureRegistry({ '/main.tgz': main, '/ext.tgz': ext });
    const home = mkdtempSync(join(tmpdir(), 'cli-engines-'));
    const manifest = join(home, 'engines-manifest.json');
    const pkg = (name: string, body: Buffer, path: string) => ({ name, version: '3.21.1', integrity: sriOf(body), url: registry.url(path) });
    writeFileSync(
      manifest,
      JSON.stringify({
        nodeLlamaCpp: '3.21.1',
        engines: { cuda: { 'linux-x64': [pkg('@node-llama-cpp/linux-x64-cuda', main, '/main.tgz'), pkg('@node-llama-cpp/linux-x64-cuda-ext', ext, '/ext.tgz')] } },
      }),
    );
    const env = { AGENTIC_ENGINES_MANIFEST: manifest };
    try {
      const get = await runCli(['engines', 'get', 'cuda'], { home, env, timeoutMs: 120_000 });
      expect(get.code, get.stderr).toBe(0);
      expect(get.stderr).toContain('CUDA build 3.21.1 installed');
      expect(readdirSync(join(home, 'engines')).some((n) => /^cuda-3\.21\.1-[0-9a-f]{8}$/.test(n))).toBe(true);
      const list = JSON.parse((await runCli(['engines', 'list', '--json'], { home, env })).stdout) as { builds: Array<{ build: string; installed: boolean }> };
      expect(list.builds.find((b) => b.build === 'cuda')?.installed).toBe(true);
      const rm = await runCli(['engines', 'rm', 'cuda'], { home, env });
      expect(rm.stdout).toContain('CUDA build removed.');
      expect(existsSync(join(home, 'engines', 'cuda.json'))).toBe(false);
    } finally {
      await registry.close();
    }
  });
});
