// How node-llama-cpp finds a downloaded build. It has no option or environment variable for a binaries
// folder (3.21: getPrebuiltBinaryPath looks in its own bins/ folder, then imports the package
// `@node-llama-cpp/<platform>-<gpu>` by name, and `-ext` beside the CUDA one, and uses it when its
// version equals its own). So the downloaded packages are made importable by name through Node's own
// supported hook for that, module.register's `resolve`: an import of one of those names resolves to
// the engines folder's current install (its pointer file is read at each import, so a build installed
// while the app runs is found on the next load). Everything else goes to Node's default resolution;
// node-llama-cpp's files are not touched.
import { register } from 'node:module';
import { join } from 'node:path';
import { installedEngine, type DownloadableEngine } from './install.js';

// The hook runs on Node's loader thread, so it is a self-contained module (a data: URL: no file to ship).
const HOOK = `
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
let root = null;
let kinds = [];
export function initialize(data) { root = data.root; kinds = data.kinds; }
function downloaded(name) {
  for (const kind of kinds) {
    try {
      const pointer = JSON.parse(readFileSync(join(root, kind + '.json'), 'utf8'));
      if (!pointer.packages.includes(name)) continue;
      const dir = join(root, pointer.folder, 'node_modules', ...name.split('/'));
      const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const entry = join(dir, meta.main || 'index.js');
      if (existsSync(entry)) return pathToFileURL(entry).href;
    } catch {}
  }
  return null;
}
export async function resolve(specifier, context, next) {
  if (root && specifier.startsWith('@node-llama-cpp/')) {
    const url = downloaded(specifier);
    if (url) return { url, format: 'module', shortCircuit: true };
  }
  return next(specifier, context);
}
`;

const DOWNLOADABLE: DownloadableEngine[] = ['cuda'];
let registeredRoot: string | null = null;

/** The engines folder: beside the models, shared by the desktop app, the CLI and the web host. */
export const enginesDir = (modelsDir: string) => join(modelsDir, '..', 'engines');

/**
 * Makes the engines folder's builds importable by node-llama-cpp (once per process; later calls with
 * another folder are ignored: the loader hook is process-wide). Returns whether the hook is active.
 */
export function registerDownloadedEngines(root: string): boolean {
  if (registeredRoot !== null) return registeredRoot === root;
  try {
    register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: { root, kinds: DOWNLOADABLE } });
  } catch {
    // A runtime without loader hooks: the downloaded build is not used (the doctor lists CUDA as not installed).
    return false;
  }
  registeredRoot = root;
  return true;
}

/** Whether a downloaded install of `kind` is where the hook resolves it (installedLlamaBuilds asks). */
export function downloadedBuild(kind: string): boolean {
  return registeredRoot !== null && (DOWNLOADABLE as string[]).includes(kind) && installedEngine(registeredRoot, kind as DownloadableEngine) !== null;
}
