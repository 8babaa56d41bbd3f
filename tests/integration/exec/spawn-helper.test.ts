// node-pty 1.1.0 ships prebuilds/darwin-*/spawn-helper without its execute bit (microsoft/node-pty#850):
// on macOS every block failed with "posix_spawnp failed". The postinstall sets the bit; the app checks
// before its first terminal. Both run here on copies of the real helper in a node-pty-like layout.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSpawnHelper, ensureExecutable, spawnHelperPath } from '../../../src-main/node/exec/spawnHelper.js';
import { fixSpawnHelpers } from '../../../scripts/install/fixSpawnHelper.mjs';

const realPty = dirname(createRequire(import.meta.url).resolve('node-pty/package.json'));
const dir = mkdtempSync(join(tmpdir(), 'agentic-spawn-helper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

/** A node-pty folder as npm unpacks 1.1.0: both macOS helpers, without the execute bit. */
function ptyCopy(name: string): string {
  const root = join(dir, name);
  for (const arch of ['arm64', 'x64']) {
    const d = join(root, 'prebuilds', `darwin-${arch}`);
    mkdirSync(d, { recursive: true });
    copyFileSync(join(realPty, 'prebuilds', `darwin-${arch}`, 'spawn-helper'), join(d, 'spawn-helper'));
    // As published: copyFileSync keeps the source's mode, which this checkout's postinstall may have fixed.
    chmodSync(join(d, 'spawn-helper'), 0o644);
  }
  return root;
}

describe('spawn-helper', () => {
  it('is found where node-pty looks for it, in the real package too', () => {
    expect(spawnHelperPath(realPty, 'darwin', 'arm64')).toBe(join(realPty, 'prebuilds', 'darwin-arm64', 'spawn-helper'));
    expect(spawnHelperPath(realPty, 'darwin', 'x64')).toBe(join(realPty, 'prebuilds', 'darwin-x64', 'spawn-helper'));
    // Linux builds pty.node from source and needs no helper.
    expect(spawnHelperPath(realPty, 'linux', 'x64')).toBeNull();
  });

  it('the postinstall makes every shipped copy executable, once', () => {
    const root = ptyCopy('postinstall');
    const helpers = ['arm64', 'x64'].map((a) => join(root, 'prebuilds', `darwin-${a}`, 'spawn-helper'));
    for (const h of helpers) expect(mode(h) & 0o111, h).toBe(0);
    expect(fixSpawnHelpers(root).sort()).toEqual(helpers.sort());
    for (const h of helpers) expect(mode(h)).toBe(mode(h) | 0o755);
    expect(fixSpawnHelpers(root)).toEqual([]);
  });

  it('the check before the first spawn sets a missing execute bit', () => {
    const root = ptyCopy('check');
    const helper = spawnHelperPath(root, 'darwin', 'arm64')!;
    expect(mode(helper) & 0o111).toBe(0);
    ensureExecutable(helper);
    expect(mode(helper) & 0o755).toBe(0o755);
    ensureExecutable(helper); // already fine: nothing to do
  });

  it('says what to run when the bit cannot be set (read-only volume) or the helper is gone', () => {
    const root = ptyCopy('readonly');
    const helper = spawnHelperPath(root, 'darwin', 'x64')!;
    const readOnly = {
      executable: () => false,
      stat: statSync,
      chmod: () => {
        throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
      },
    };
    expect(() => ensureExecutable(helper, readOnly)).toThrow(
      expect.objectContaining({ code: 'TOOLCHAIN_MISSING', message: expect.stringContaining(`setting it failed (EROFS). Run \`chmod +x "${helper}"\``) }),
    );
    const noexec = { ...readOnly, chmod: () => {} };
    expect(() => ensureExecutable(helper, noexec)).toThrow(/still not executable after chmod/);
    expect(() => ensureExecutable(join(root, 'nope'))).toThrow(expect.objectContaining({ code: 'TOOLCHAIN_MISSING', message: expect.stringContaining('cannot be read (ENOENT)') }));
  });

  it('is a no-op off macOS (node-pty forks directly there)', () => {
    expect(() => checkSpawnHelper('linux')).not.toThrow();
    expect(() => checkSpawnHelper('win32')).not.toThrow();
  });
});
