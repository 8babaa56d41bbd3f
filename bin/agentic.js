#!/usr/bin/env node
// Starts the prebuilt CLI bundle (out/cli/main.mjs). In a source checkout the bundle is rebuilt
// first when it is missing or older than any file under src-main/ (esbuild, well under a second),
// so `agentic` never runs stale code and never needs a manual build step; tsx is the fallback
// when esbuild cannot run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'out', 'cli', 'main.mjs');
const sources = join(root, 'src-main');

function newestSourceMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const stale = existsSync(sources) && (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSourceMtime(sources));
let fresh = !stale;
if (stale) {
  try {
    const { buildCli } = await import('../scripts/build/cli.mjs');
    await buildCli();
    fresh = true;
  } catch (error) {
    process.stderr.write(`agentic: could not rebuild the CLI bundle (${error instanceof Error ? error.message : error}); running from source\n`);
  }
}
if (fresh) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src-main/hosts/cli/main.ts');
}
