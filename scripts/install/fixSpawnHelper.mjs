#!/usr/bin/env node
// postinstall: node-pty 1.1.0 publishes prebuilds/darwin-*/spawn-helper without its execute bit
// (microsoft/node-pty#850); on macOS every terminal then fails with "posix_spawnp failed". Sets the
// bit on every copy node-pty ships (harmless elsewhere). Never fails the install: the app checks
// again before its first terminal (src-main/node/exec/spawnHelper.ts) and says what to do.
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function fixSpawnHelpers(ptyRoot) {
  const fixed = [];
  const dirs = ['build/Release', 'build/Debug', ...(existsSync(join(ptyRoot, 'prebuilds')) ? readdirSync(join(ptyRoot, 'prebuilds')).map((d) => `prebuilds/${d}`) : [])];
  for (const dir of dirs) {
    const helper = join(ptyRoot, dir, 'spawn-helper');
    if (!existsSync(helper)) continue;
    const mode = statSync(helper).mode & 0o7777;
    if ((mode & 0o111) === 0o111) continue;
    chmodSync(helper, mode | 0o755);
    fixed.push(helper);
  }
  return fixed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const ptyRoot = dirname(createRequire(join(root, 'package.json')).resolve('node-pty/package.json'));
    for (const helper of fixSpawnHelpers(ptyRoot)) process.stdout.write(`made executable: ${helper}\n`);
  } catch (error) {
    process.stderr.write(`fixSpawnHelper: ${error instanceof Error ? error.message : String(error)} (the app checks again before its first terminal)\n`);
  }
}
