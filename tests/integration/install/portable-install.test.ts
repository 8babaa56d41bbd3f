// `npm install` must work unchanged on every platform the app supports. npm checks a non-optional
// package's os/cpu/libc against the real machine and fails with EBADPLATFORM (arborist's
// checkPlatform); an optional one that does not fit is skipped. So no package the lock installs
// unconditionally may exclude a supported platform, and the offline recipe must find each tool's
// binary for every supported platform in the lock.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformPackageNames, platformPackages } from '../../../scripts/install/platformPackages.mjs';

const root = resolve(import.meta.dirname, '../../..');

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

const SUPPORTED = [
  { os: 'darwin', cpu: 'arm64', libc: null },
  { os: 'darwin', cpu: 'x64', libc: null },
  { os: 'win32', cpu: 'x64', libc: null },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
] as const;

/** npm's own rule (npm-install-checks checkList): '!x' excludes x; any plain entry must match. */
function admits(list: string[] | undefined, value: string | null): boolean {
  if (!list || value === null || (list.length === 1 && list[0] === 'any')) return true;
  let negated = 0;
  let match = false;
  for (const entry of list) {
    if (entry.startsWith('!')) {
      negated++;
      if (entry.slice(1) === value) return false;
    } else match ||= entry === value;
  }
  return match || negated === list.length;
}

const fits = (e: LockEntry, t: (typeof SUPPORTED)[number]) => admits(e.os, t.os) && admits(e.cpu, t.cpu) && admits(e.libc, t.libc);

describe('portable install', () => {
  it('npm’s platform rule as implemented here agrees with npm on the cases that matter', () => {
    expect(admits(['linux'], 'darwin')).toBe(false);
    expect(admits(['!win32'], 'darwin')).toBe(true);
    expect(admits(['!win32'], 'win32')).toBe(false);
    expect(admits(['darwin', 'linux', 'win32'], 'win32')).toBe(true);
    expect(fits({ os: ['linux'], cpu: ['x64'], libc: ['glibc'] }, SUPPORTED[0])).toBe(false);
  });

  it('no non-optional package in package-lock.json is bound to a platform the app supports not', () => {
    const bound = Object.entries(lock.packages)
      .filter(([path, e]) => path !== '' && !e.optional && (e.os || e.cpu || e.libc))
      .flatMap(([path, e]) => SUPPORTED.filter((t) => !fits(e, t)).map((t) => `${path} excludes ${t.os}-${t.cpu}`));
    expect(bound).toEqual([]);
  });

  it('the offline recipe finds each tool’s binary package for every supported platform in the lock, and each fits its platform', () => {
    for (const t of SUPPORTED) {
      const names = platformPackageNames(t.os, t.cpu, t.libc ? 'gnu' : null);
      const specs = platformPackages(lock, names);
      expect(specs).toHaveLength(Object.keys(names).length);
      for (const name of Object.values(names)) {
        const entry = lock.packages[`node_modules/${name}`]!;
        expect(entry.optional, `${name} is optional`).toBe(true);
        expect(fits(entry, t), `${name} fits ${t.os}-${t.cpu}`).toBe(true);
      }
    }
  });
});
