// Starts one of the prebuilt host bundles in out/cli/ (`main` for the CLI, `web` for the web
// host). In a source checkout the bundle is rebuilt first when it is missing or older than any file
// under src-main/ (esbuild, well under a second), so a host never runs stale code and never needs a
// manual build step; tsx on the sources is the fallback when esbuild cannot run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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

/**
 * Whether a source is newer than the bundle: the files the build listed as its inputs
 * (out/cli/inputs.json; a stat each, no folder walk, a few ms), else every file under src-main/.
 */
function sourcesNewer(bundleMtime) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(join(root, 'out', 'cli', 'inputs.json'), 'utf8'));
  } catch {
    return newestSourceMtime(sources) > bundleMtime;
  }
  for (const input of inputs) {
    const stat = statSync(join(root, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > bundleMtime) return true; // changed, or gone (the build would fail or change)
  }
  return false;
}

/** @param {'main' | 'web'} entry @param {string} source the entry's TypeScript file, relative to the repository */
export async function launch(entry, source) {
  const bundle = join(root, 'out', 'cli', `${entry}.mjs`);
  const stale = existsSync(sources) && (!existsSync(bundle) || sourcesNewer(statSync(bundle).mtimeMs));
  let fresh = !stale;
  if (stale) {
    try {
      const { buildCli } = await import('../scripts/build/cli.mjs');
      await buildCli();
      fresh = true;
    } catch (error) {
      process.stderr.write(`agentic: could not rebuild the bundle (${error instanceof Error ? error.message : error}); running from source\n`);
    }
  }
  if (fresh) {
    await import(pathToFileURL(bundle).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, source)).href);
}
