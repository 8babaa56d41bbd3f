// node-pty starts every process on macOS through a small `spawn-helper` next to its pty.node. node-pty
// 1.1.0 publishes it without the execute bit (microsoft/node-pty#850), so every code block failed
// with "posix_spawnp failed". scripts/install/fixSpawnHelper.mjs sets the bit after npm install;
// this check runs once before the first spawn, sets it if still missing (an install that skipped
// scripts, a copy that dropped modes) and otherwise fails with a message that says what to run.
import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppError } from '../../common/errors.js';

/** Where node-pty looks for its native module, in its own order (lib/utils.js loadNativeModule). */
export function spawnHelperPath(ptyRoot: string, platform: string = process.platform, arch: string = process.arch): string | null {
  for (const dir of ['build/Release', 'build/Debug', `prebuilds/${platform}-${arch}`]) {
    const helper = join(ptyRoot, dir, 'spawn-helper');
    // A packaged app keeps native files outside the archive (asarUnpack), as node-pty itself assumes.
    const unpacked = helper.replace('app.asar', 'app.asar.unpacked');
    if (existsSync(unpacked)) return unpacked;
  }
  return null;
}

/** The file operations the check needs; tests pass a chmod that fails as on a read-only volume. */
export interface ModeOps {
  executable: (path: string) => boolean;
  stat: (path: string) => { mode: number };
  chmod: (path: string, mode: number) => void;
}

const realOps: ModeOps = {
  executable: (path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  stat: statSync,
  chmod: chmodSync,
};

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** Makes `helper` executable for this user (adds r-x for all, as npm installs binaries); throws a TOOLCHAIN_MISSING AppError if it cannot. */
export function ensureExecutable(helper: string, ops: ModeOps = realOps): void {
  let mode: number;
  try {
    mode = ops.stat(helper).mode;
  } catch (error) {
    throw unusable(helper, `it cannot be read (${codeOf(error)})`, error);
  }
  if (ops.executable(helper)) return;
  try {
    ops.chmod(helper, (mode & 0o7777) | 0o755);
  } catch (error) {
    throw unusable(helper, `it lacks the execute bit and setting it failed (${codeOf(error)})`, error);
  }
  if (!ops.executable(helper)) throw unusable(helper, 'it is still not executable after chmod (a noexec volume?)', null);
}

let checked: string | null | undefined;

/** Once per process, before the first pty: on macOS the helper must be executable. Elsewhere node-pty does not use it. */
export function checkSpawnHelper(platform: string = process.platform): void {
  if (platform !== 'darwin' || checked !== undefined) return;
  const ptyRoot = dirname(createRequire(import.meta.url).resolve('node-pty/package.json'));
  const helper = spawnHelperPath(ptyRoot, platform);
  if (!helper) throw unusable(join(ptyRoot, `prebuilds/${platform}-${process.arch}/spawn-helper`), 'it is missing', null);
  ensureExecutable(helper);
  checked = helper;
}

function unusable(helper: string, why: string, cause: unknown): AppError {
  return new AppError(
    'TOOLCHAIN_MISSING',
    `Code blocks cannot start: node-pty's spawn-helper (${helper}) is unusable: ${why}. Run \`chmod +x "${helper}"\` (or reinstall with npm install) and try again.`,
    cause ? { cause } : undefined,
  );
}
