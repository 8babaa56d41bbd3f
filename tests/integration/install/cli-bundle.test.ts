// What every `agentic` start loads: the bundle's entry and the chunks it imports statically. The
// engines (the store's SQLite binding, llama.cpp, onnxruntime, Chromium's drivers, whisper, the
// pseudo-terminal) must load only with the command that needs them; one static import of the
// store once cost every `agentic route` ~10 ms (libsql's platform probe) before the router even began.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cliOutDir, repoRoot } from '../../../scripts/build/cli.mjs';

/** The bare packages imported statically by `entry` and every chunk it imports statically. */
function staticPackages(entry: string): Set<string> {
  return staticGraph(entry).packages;
}

/** The files `entry` loads statically (itself included) and the bare packages they import. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // Static forms only: `import … from "x"` and `import "x"`; `import("x")` loads on demand.
    for (const m of text.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?"([^"]+)"/g)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) visit(join(dirname(file), spec));
      else if (!spec.startsWith('node:')) packages.add(spec);
    }
  };
  visit(entry);
  return { files: seen, packages };
}

/** The source modules bundled into the files (esbuild marks each with a `// src-main/…` line). */
const sourcesOf = (files: Iterable<string>) => [...files].flatMap((f) => readFileSync(f, 'utf8').match(/^\/\/ src-main\/\S+/gm) ?? []);

const ENGINES = ['libsql', 'node-llama-cpp', 'onnxruntime-node', 'puppeteer-core', 'playwright-core', '@fugood/whisper.node', 'node-pty', 'mupdf', '@modelcontextprotocol/sdk'];

describe('the CLI bundle', () => {
  beforeAll(async () => {
    await buildCli();
  }, 120_000);

  it('loads no engine at start: each comes with the command that uses it', () => {
    const loaded = [...staticPackages(join(cliOutDir, 'main.mjs'))];
    for (const engine of ENGINES)
      expect(
        loaded.filter((p) => p === engine || p.startsWith(`${engine}/`)),
        engine,
      ).toEqual([]);
  });

  it('routes a request without evaluating the contract’s schemas (agentic route loads only what routing needs)', () => {
    const main = readFileSync(join(cliOutDir, 'main.mjs'), 'utf8');
    const chunk = main.match(/import\("\.\/(chunks\/route-[\w-]+\.mjs)"\)/)?.[1];
    expect(chunk).toBeDefined();
    const loaded = sourcesOf([...staticGraph(join(cliOutDir, 'main.mjs')).files, ...staticGraph(join(cliOutDir, chunk!)).files]);
    expect(loaded).toContain('// src-main/core/routing/featurizer.ts');
    for (const heavy of ['contract.ts', 'events.ts', 'settings.ts']) expect(loaded).not.toContain(`// src-main/common/${heavy}`);
  });

  it('is rebuilt at the next start when a source it was made from is newer, and only then', { timeout: 120_000 }, () => {
    const main = join(cliOutDir, 'main.mjs');
    const start = () => execFileSync(process.execPath, [join(repoRoot, 'bin', 'agentic.js'), '--help'], { stdio: 'pipe' });
    start(); // up to date now
    const built = statSync(main).mtimeMs;
    start();
    expect(statSync(main).mtimeMs).toBe(built); // nothing changed: no rebuild
    const inputs = JSON.parse(readFileSync(join(cliOutDir, 'inputs.json'), 'utf8')) as string[];
    expect(inputs).toContain('src-main/hosts/cli/route.ts');
    const source = join(repoRoot, 'src-main', 'hosts', 'cli', 'route.ts');
    const later = new Date();
    utimesSync(source, later, later);
    start();
    expect(statSync(main).mtimeMs).toBeGreaterThan(built);
  });

  it('control: the web host entry does load the store at start (the walk sees static imports)', () => {
    expect([...staticPackages(join(cliOutDir, 'web.mjs'))]).toContain('libsql');
  });
});
