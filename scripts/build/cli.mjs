// Bundles the CLI and the web host (src-main/hosts/{cli,web}/main.ts and what they import from
// src-main) into out/cli/, so `agentic` and `npm run web` start without transpiling TypeScript. Dependencies stay external (native
// addons and ESM-only packages load from node_modules as usual); each dynamic import becomes its
// own chunk, so a command loads only the engines it uses. bin/launch.js calls this when the
// bundle is missing or older than a source file; `npm install` runs it too.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliOutDir = join(repoRoot, 'out', 'cli');

/**
 * Each file is written to a temporary name and renamed, and the entry points last, so a CLI
 * starting while another one rebuilds reads either the old bundle or the new one, never half a
 * file. Chunk names carry a content hash, so old chunks that an old entry point still imports stay.
 */
/**
 * Pure-JS packages every start loads, bundled in: zod alone is ~90 module files to resolve and
 * read. Everything else stays external: native addons, WASM, files read by path (Readability and
 * turndown are injected into pages from their files), and engines that load on demand anyway.
 */
const BUNDLED = new Set(['zod', 'jsonrepair']);

function externals() {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies });
  return names.filter((name) => !BUNDLED.has(name)).flatMap((name) => [name, `${name}/*`]);
}

export async function buildCli() {
  const result = await build({
    entryPoints: { main: join(repoRoot, 'src-main', 'hosts', 'cli', 'main.ts'), web: join(repoRoot, 'src-main', 'hosts', 'web', 'main.ts') },
    outdir: cliOutDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: externals(),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
    metafile: true,
    // Input paths in the metafile are relative to this: the repository, wherever the build starts from.
    absWorkingDir: repoRoot,
  });
  const entry = (file) => /^(main|web)\.mjs$/.test(basename(file.path));
  // What the bundle was made from, for bin/launch.js's staleness check: the repository's own sources
  // (a new file matters only once a listed one imports it) and the lock file (the bundled packages).
  const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/'));
  const inputList = { path: join(cliOutDir, 'inputs.json'), contents: Buffer.from(JSON.stringify([...inputs, 'package-lock.json'].sort())) };
  for (const file of [...result.outputFiles.filter((f) => !entry(f)), inputList, ...result.outputFiles.filter(entry)]) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  removeOldChunks(new Set(result.outputFiles.map((f) => f.path)));
  return inputs;
}

/** Chunks of earlier builds (their names carry a hash), once no CLI started before this build can still be loading them. */
function removeOldChunks(current) {
  const dir = join(cliOutDir, 'chunks');
  const before = Date.now() - 10 * 60_000;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!current.has(path) && statSync(path).mtimeMs < before) rmSync(path, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildCli();
  } catch (error) {
    // `npm install` runs this as `prepare`, possibly before esbuild's platform package is in place
    // (the offline recipe adds it afterwards): the first `agentic` start builds it then.
    if (!process.argv.includes('--if-possible')) throw error;
    process.stderr.write(`agentic: CLI bundle not built yet (${error instanceof Error ? error.message.split('\n')[0] : error}); the first start builds it\n`);
  }
}
