// One `npm install` must serve Node (CLI, web host, tests) and Electron: an addon built for one
// runtime's ABI stops the other at load (better-sqlite3 stopped the desktop app at startup). So
// every .node file the main process can load, i.e. every addon in the production dependency tree
// of package-lock.json, must be Node-API, unless an Electron build of it sits next to it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isNodeApi, readAddonSymbols } from '../../helpers/addonSymbols.js';

const root = resolve(import.meta.dirname, '../../..');

interface LockEntry {
  dev?: boolean;
}

function addonsIn(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // A nested node_modules holds other packages, which the lock lists on their own.
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...addonsIn(path));
    else if (entry.isFile() && entry.name.endsWith('.node')) found.push(path);
  }
  return found;
}

interface Package {
  dir: string;
  addons: string[];
}

/** Every installed package of the production tree (dev tools excluded) that holds .node files. */
function productionPackages(): Package[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && existsSync(join(root, path)))
    .map(([path]) => ({ dir: join(root, path), addons: addonsIn(join(root, path)) }))
    .filter((p) => p.addons.length > 0);
}

/**
 * The addons that would stop one of the two runtimes: not Node-API, and no Electron build of the
 * package in place (prebuildify's electron.abi<N>.node, or a folder named for Electron).
 */
function violations(pkg: Package): string[] {
  const electronBuild = pkg.addons.some((a) => /electron/i.test(relative(pkg.dir, a)));
  return pkg.addons.filter((addon) => !isNodeApi(readAddonSymbols(addon)) && !electronBuild);
}

describe('native addons of the production tree', () => {
  const packages = productionPackages();
  const addons = packages.flatMap((p) => p.addons);

  it('finds the addons the main process loads (store, terminal, router, model, speech)', () => {
    const rel = addons.map((a) => relative(root, a).split('\\').join('/'));
    for (const pkg of [
      'node_modules/@libsql/',
      'node_modules/node-pty/',
      'node_modules/onnxruntime-node/',
      'node_modules/@node-llama-cpp/',
      'node_modules/@fugood/node-whisper-',
    ]) {
      expect(
        rel.some((r) => r.startsWith(pkg)),
        `an addon under ${pkg}`,
      ).toBe(true);
    }
  });

  it('are all Node-API (they export napi_register_module_v1), so the same build loads in Node and Electron', () => {
    expect(packages.flatMap(violations).map((a) => relative(root, a))).toEqual([]);
  });
});

describe('the Node-API check itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-addons-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cc = spawnSync('cc', ['--version']).status === 0;

  // Two real shared objects: one registering the Node-API way, one the way an ABI-bound addon does.
  it.skipIf(!cc)('tells a Node-API addon from one bound to a runtime ABI, and accepts the latter only with an Electron build beside it', () => {
    const build = (name: string, source: string) => {
      writeFileSync(join(dir, `${name}.c`), source);
      const out = join(dir, `${name}.node`);
      const r = spawnSync('cc', ['-shared', '-fPIC', '-o', out, join(dir, `${name}.c`)], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return out;
    };
    const napi = build('napi', 'void* napi_register_module_v1(void* env, void* exports) { return exports; }\n');
    const abi = build('abi', 'void node_register_module_v127(void* exports) { (void)exports; }\n');
    expect(readAddonSymbols(napi).format).toBe('elf');
    expect(isNodeApi(readAddonSymbols(napi))).toBe(true);
    expect(isNodeApi(readAddonSymbols(abi))).toBe(false);
    expect(readAddonSymbols(abi).exports.has('node_register_module_v127')).toBe(true);
    expect(violations({ dir, addons: [napi, abi] })).toEqual([abi]);
    // The same addon also rebuilt for Electron's ABI, under prebuildify's name for it.
    const electronCopy = join(dir, 'prebuilds', 'linux-x64', 'electron.abi140.node');
    mkdirSync(join(dir, 'prebuilds', 'linux-x64'), { recursive: true });
    copyFileSync(abi, electronCopy);
    expect(violations({ dir, addons: [napi, abi, electronCopy] })).toEqual([]);
  });
});
