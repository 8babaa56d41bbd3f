// The packaged app's layout, built for real by electron-builder from electron-builder.yml (Linux
// `dir` target, as `npm run dist:dir`) on a stand-in Electron folder, since no Electron binary can
// be downloaded here. A packaged app would lose its router if onnxruntime had to open it inside
// app.asar, and crash at start if a native addon stayed in the archive: both are checked on the
// real archive and folders electron-builder wrote.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '../../../src-main/app/paths.js';
import { loadCatalog } from '../../../src-main/node/llm/modelManager.js';
import { OnnxRouter } from '../../../src-main/node/routing/onnxRouter.js';
import { existsInPackage, listPackagedApp, makeStandInElectron, mib, productionPackages, ROOT, runElectronBuilder, type PackagedFile, withStableInputs } from './packagedApp.js';
import { runPackagedJob } from './scheduledRun.js';

const BUILT = ['out/main/main.js', 'out/preload/preload.cjs', 'out/renderer/index.html'];
const { arch } = process;
const NATIVE = /\.(node|so(\.\d+)*|dylib|dll)$/;
// The Vulkan builds the Linux x64 installer carries; installed by the installers' recipe
// (`node scripts/install/platformPackages.mjs --installer`), not by `npm ci --omit=optional`.
const VULKAN = [`@node-llama-cpp/linux-${arch}-vulkan`, `@fugood/node-whisper-linux-${arch}-vulkan`];
const vulkanInstalled = arch === 'x64' && VULKAN.every((p) => existsSync(join(ROOT, 'node_modules', p, 'package.json')));

/** Native files of the production tree this build leaves out on purpose, with the reason; null: it must ship. */
function notShipped(rel: string): string | null {
  if (/\/@node-llama-cpp\/[^/]*-(cuda|cuda-ext)\//.test(rel)) return 'CUDA build of llama.cpp (not shipped, see electron-builder.yml)';
  if (/\/@fugood\/node-whisper-[^/]*-cuda\//.test(rel)) return 'CUDA build of whisper (not shipped, see electron-builder.yml)';
  if (rel.startsWith('node_modules/@fugood/node-whisper-wasm/')) return 'the browser build of whisper';
  if (/^node_modules\/@libsql\/[^/]*-musl\//.test(rel)) return 'musl build (Electron needs glibc)';
  if (rel.includes('/obj.target/')) return 'node-gyp intermediate';
  if (rel.endsWith('.dll')) return "Windows library (electron-builder drops .dll and .exe from other platforms' builds)";
  if (rel.startsWith('node_modules/node-llama-cpp/llama/localBuilds/')) return 'built from source on this machine';
  if (rel.startsWith('node_modules/@fugood/whisper.node/whisper.cpp/')) return 'whisper.cpp sources';
  const other = (prefix: string, mine: string) => rel.startsWith(prefix) && !rel.startsWith(prefix + mine);
  if (other('node_modules/onnxruntime-node/bin/napi-v6/', `linux/${arch}/`)) return 'other platform';
  if (other('node_modules/node-pty/prebuilds/', `linux-${arch}/`)) return 'other platform';
  // This platform's CPU build and its Vulkan build (the CUDA ones are caught above).
  if (other('node_modules/@node-llama-cpp/', `linux-${arch}`)) return 'other platform';
  if (other('node_modules/@fugood/node-whisper-', `linux-${arch}`)) return 'other platform';
  if (other('node_modules/@libsql/', `linux-${arch}-gnu/`)) return 'other platform';
  return null;
}

describe.skipIf(process.platform !== 'linux')('packaged app layout (electron-builder --linux dir on a stand-in Electron)', () => {
  let tmp = '';
  let appDir = '';
  let files: PackagedFile[] = [];
  let packaged: Set<string>;
  const archive = () => join(appDir, 'resources', 'app.asar');

  beforeAll(async () => {
    const missing = BUILT.filter((f) => !existsSync(join(ROOT, f)));
    if (missing.length) throw new Error(`The app is not built (${missing.join(', ')} missing): run \`npm run build\` first (npm test does).`);
    tmp = mkdtempSync(join(tmpdir(), 'agentic-pack-'));
    await makeStandInElectron(join(tmp, 'electron'));
    const started = performance.now();
    const output = join(tmp, 'dist');
    const { attempts } = await withStableInputs(
      BUILT.map((f) => join(ROOT, f)),
      () => runElectronBuilder(ROOT, { electronDist: join(tmp, 'electron'), 'directories.output': output, npmRebuild: 'false' }, 170_000),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    appDir = join(tmp, 'dist', 'linux-unpacked');
    files = listPackagedApp(appDir);
    packaged = new Set(files.map((f) => f.path));
    printSizes(files, attempts > 1 ? `${seconds} s for ${attempts} builds: out/ was rebuilt meanwhile` : `${seconds} s`);
  }, 540_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('app.asar holds the built main, preload, renderer and every prompt', () => {
    for (const f of [...BUILT, 'package.json']) expect(packaged.has(`resources/app.asar/${f}`), f).toBe(true);
    // The page's own script and style references (read from the archive: out/ may be rebuilt meanwhile).
    const html = asar.extractFile(archive(), 'out/renderer/index.html').toString();
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const a of assets) expect(packaged.has(`resources/app.asar/out/renderer/${a}`), a).toBe(true);
    const prompts = listRepo('prompts');
    expect(prompts.length).toBeGreaterThan(5);
    for (const p of prompts) expect(packaged.has(`resources/app.asar/${p}`), p).toBe(true);
  });

  it('every package the built main process imports is in the archive', () => {
    const bundle = files.filter((f) => f.inAsar && /^resources\/app\.asar\/out\/main\/.*\.js$/.test(f.path)).map((f) => f.path.slice('resources/app.asar/'.length));
    expect(bundle).toContain('out/main/main.js');
    const specifiers = new Set<string>();
    for (const f of bundle) {
      const code = asar.extractFile(archive(), f).toString();
      for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*)["']([@a-z0-9][\w@./-]*)["']/g)) specifiers.add(m[1]!);
    }
    const packages = [...specifiers]
      .filter((s) => !s.startsWith('node:') && s !== 'electron')
      .map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    expect(packages.length).toBeGreaterThan(10);
    // Wholly unpacked packages (node-pty, onnxruntime-node) are listed with their unpacked path.
    const missing = [...new Set(packages)].filter((name) => !['app.asar', 'app.asar.unpacked'].some((a) => packaged.has(`resources/${a}/node_modules/${name}/package.json`)));
    expect(missing).toEqual([]);
  });

  it('every native addon of the production tree for this platform sits under app.asar.unpacked', async () => {
    const natives = (await productionPackages()).flatMap((dir) => listAbsolute(dir).filter((f) => NATIVE.test(f))).map((f) => relative(ROOT, f).split('\\').join('/'));
    const shipped = natives.filter((rel) => !notShipped(rel));
    expect(shipped.length).toBeGreaterThan(5);
    for (const rel of shipped) {
      expect(packaged.has(`resources/app.asar.unpacked/${rel}`), rel).toBe(true);
      // Electron reads the archive header's flag to redirect a require or dlopen to the unpacked copy.
      expect((asar.statFile(archive(), rel, false) as { unpacked?: boolean }).unpacked, rel).toBe(true);
    }
    expect(files.filter((f) => f.inAsar && NATIVE.test(f.path)).map((f) => f.path)).toEqual([]);
    // Nothing left out on purpose was copied anyway (GPU variants, other platforms).
    for (const rel of natives.filter((r) => notShipped(r))) expect(packaged.has(`resources/app.asar.unpacked/${rel}`), rel).toBe(false);
  });

  it('ships each native engine the app loads: node-pty, libsql, onnxruntime, llama.cpp, whisper', () => {
    const unpacked = files.filter((f) => f.path.startsWith('resources/app.asar.unpacked/node_modules/')).map((f) => f.path.slice('resources/app.asar.unpacked/'.length));
    const has = (re: RegExp) => unpacked.some((p) => re.test(p));
    expect(has(/^node_modules\/node-pty\/build\/Release\/pty\.node$/)).toBe(true);
    expect(has(new RegExp(`^node_modules/@libsql/linux-${arch}-gnu/index\\.node$`))).toBe(true);
    expect(has(new RegExp(`^node_modules/onnxruntime-node/bin/napi-v6/linux/${arch}/onnxruntime_binding\\.node$`))).toBe(true);
    expect(has(new RegExp(`^node_modules/onnxruntime-node/bin/napi-v6/linux/${arch}/libonnxruntime\\.so\\.1$`))).toBe(true);
    expect(has(new RegExp(`^node_modules/@node-llama-cpp/linux-${arch}/bins/.+/llama-addon\\.node$`))).toBe(true);
    expect(has(new RegExp(`^node_modules/@fugood/node-whisper-linux-${arch}/index\\.node$`))).toBe(true);
  });

  it.skipIf(!vulkanInstalled)(
    'carries the Vulkan builds of llama.cpp and whisper.cpp beside the CPU ones, and no CUDA build (skipped unless `platformPackages.mjs --installer` installed them)',
    () => {
      const unpacked = new Set(files.filter((f) => f.path.startsWith('resources/app.asar.unpacked/')).map((f) => f.path.slice('resources/app.asar.unpacked/'.length)));
      for (const rel of [
        `node_modules/@node-llama-cpp/linux-${arch}-vulkan/bins/linux-${arch}-vulkan/llama-addon.node`,
        `node_modules/@node-llama-cpp/linux-${arch}-vulkan/bins/linux-${arch}-vulkan/libggml-vulkan.so`,
        `node_modules/@node-llama-cpp/linux-${arch}-vulkan/package.json`,
        `node_modules/@fugood/node-whisper-linux-${arch}-vulkan/index.node`,
        `node_modules/@fugood/node-whisper-linux-${arch}-vulkan/package.json`,
      ])
        expect(unpacked.has(rel), rel).toBe(true);
      expect(files.filter((f) => /\/node_modules\/(@node-llama-cpp\/[^/]*-cuda(-ext)?|@fugood\/node-whisper-[^/]*-cuda)\//.test(f.path)).map((f) => f.path)).toEqual([]);
    },
  );

  it('the router model and the catalogue are outside the archive; sources, tests, scripts and router data are not packaged', () => {
    // The speech and embedding catalogues too: bundledResource() reads them beside app.asar.
    const catalogues = ['resources/models/catalog.json', 'resources/voice/whisper-models.json', 'resources/knowledge/embedding-models.json'];
    for (const f of ['resources/router/router.onnx', 'resources/router/featurizer.json', ...catalogues]) expect(packaged.has(f), f).toBe(true);
    const inArchive = files.filter((f) => f.inAsar).map((f) => f.path.slice('resources/app.asar/'.length));
    const strays = inArchive.filter(
      (p) =>
        /^(tests|scripts|bench|docs|src-main|src-renderer|src-preload|resources|build|types|bin|\.ci|\.github)\//.test(p) ||
        (!p.startsWith('node_modules/') && /\.(ts|tsx|map|jsonl)$/.test(p)),
    );
    expect(strays).toEqual([]);
    expect(files.filter((f) => /\.jsonl$|router\/data\//.test(f.path)).map((f) => f.path)).toEqual([]);
    expect(existsSync(join(appDir, 'resources', 'default_app.asar'))).toBe(false);
  });

  it('renderer-only libraries and other devDependencies are not copied into node_modules', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const production = new Set((await productionPackages()).map((d) => relative(join(ROOT, 'node_modules'), d).split('\\').join('/')));
    const rendererOnly = ['react', 'react-dom', 'zustand', '@xterm/xterm', '@xterm/addon-fit', 'react-markdown', 'remark-gfm', '@tanstack/react-virtual'];
    for (const name of rendererOnly) expect(pkg.devDependencies[name], `${name} belongs in devDependencies: Vite bundles it`).toBeDefined();
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => !production.has(name));
    const copied = devOnly.filter((name) => files.some((f) => f.path.includes(`/node_modules/${name}/`)));
    expect(copied).toEqual([]);
    // Development tools that are dependencies (the CLI's tsx, the router's ONNX writer) are left out too.
    for (const name of ['tsx', 'esbuild', 'onnx-proto', 'protobufjs'])
      expect(
        files.some((f) => f.path.includes(`/node_modules/${name}/`)),
        name,
      ).toBe(false);
  });

  it('flips the fuses: RunAsNode, NODE_OPTIONS and --inspect off; cookie encryption, asar integrity, asar-only on', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'agentic-desktop'));
    const on = (fuse: FuseV1Options) => String.fromCharCode(Number(wire[fuse]));
    expect(on(FuseV1Options.RunAsNode)).toBe('0');
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe('1');
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
  });

  it('appPaths() pointed at the packaged layout resolves every file to one that exists, and the router loads from there', async () => {
    const resources = join(appDir, 'resources');
    const p = appPaths({
      host: 'electron',
      packaged: true,
      appPath: join(resources, 'app.asar'),
      resourcesPath: resources,
      userData: join(tmp, 'user'),
      agenticHome: join(tmp, 'home'),
    });
    const main = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string }).main;
    const wanted = [
      join(p.appRoot, 'package.json'),
      join(p.appRoot, main),
      join(p.renderer, 'index.html'),
      join(p.router, 'router.onnx'),
      join(p.router, 'featurizer.json'),
      p.catalog,
      ...listRepo('prompts').map((f) => join(p.prompts, relative('prompts', f))),
    ];
    for (const path of wanted) expect(existsInPackage(files, appDir, path), path).toBe(true);
    expect(loadCatalog(p.catalog).length).toBeGreaterThan(0);
    // onnxruntime opens the model by path: from the packaged extraResources, as the desktop app will.
    const router = await OnnxRouter.load(p.router);
    expect(router.manifest.labels.agent.length).toBeGreaterThan(3);
  });

  it("a schedule's OS job, built for the packaged layout, runs the due run from the packaged files", { timeout: 150_000 }, async () => {
    const r = await runPackagedJob(appDir, join(tmp, 'job'));
    // The app's executable with the headless switch: no Node, no bin/agentic.js in a package.
    expect(r.program.map((w) => w.replace(join(tmp, 'job'), '<app>'))).toEqual(['<app>/agentic-desktop', '--ozone-platform=headless', '--agentic-cli']);
    expect(r.mainDispatches).toBe(true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines.find((l) => l.type === 'schedule.run')).toMatchObject({ scheduleId: r.scheduleId, status: 'done' });
    expect(r.lines.some((l) => l.type === 'answer.delta')).toBe(true);
  });
});

function listAbsolute(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : listAbsolute(join(dir, e.name))) : [join(dir, e.name)]));
}

/** Files under `dir` of a project folder (the repository, or its staged copy), relative to it. */
function listRepo(dir: string, base = ROOT): string[] {
  return listAbsolute(join(base, dir)).map((f) => relative(base, f).split('\\').join('/'));
}

function printSizes(files: readonly PackagedFile[], seconds: string): void {
  const sum = (pred: (f: PackagedFile) => boolean) => files.filter(pred).reduce((n, f) => n + f.size, 0);
  const code = sum((f) => f.inAsar && !f.path.startsWith('resources/app.asar/node_modules/'));
  const js = sum((f) => f.inAsar && f.path.startsWith('resources/app.asar/node_modules/'));
  const natives = sum((f) => f.path.startsWith('resources/app.asar.unpacked/'));
  const router = sum((f) => f.path.startsWith('resources/router/'));
  const other = sum((f) => f.path.startsWith('resources/') && !f.path.startsWith('resources/app.asar') && !f.path.startsWith('resources/router/'));
  const engines = new Map<string, number>();
  for (const f of files) {
    const m = /^resources\/app\.asar\.unpacked\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f.path);
    if (m) engines.set(m[1]!, (engines.get(m[1]!) ?? 0) + f.size);
  }
  const perEngine = [...engines]
    .sort((x, y) => y[1] - x[1])
    .map(([name, size]) => `      ${name.padEnd(48)} ${mib(size)}\n`)
    .join('');
  process.stdout.write(
    `packaged app (electron-builder --linux dir, ${seconds}; Electron itself excluded, it is a stand-in here):\n` +
      `  app code (out/, prompts, package.json, in app.asar)  ${mib(code)}\n` +
      `  node_modules JavaScript (in app.asar)                 ${mib(js)}\n` +
      `  native engines (app.asar.unpacked)                    ${mib(natives)}\n` +
      perEngine +
      `  router (resources/router)                             ${mib(router)}\n` +
      `  other resources                                       ${mib(other)}\n` +
      `  total                                                 ${mib(code + js + natives + router + other)}\n`,
  );
}
