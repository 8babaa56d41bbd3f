// The small tar reader that unpacks engine packages: npm's layout (`package/` dropped), a long path
// carried in a pax header, executable bits kept, and a path that would leave the folder refused.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPackage } from '../../../src-main/node/llm/engines/tarball.js';
import { packTarball } from '../../helpers/engineFixture.js';

function tgz(files: Record<string, string>, modes: Record<string, number> = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), 'tgz-')), 'p.tgz');
  writeFileSync(file, packTarball(files, modes));
  return file;
}

describe('extractPackage', () => {
  it('unpacks files under the destination, a long pax path included, with their executable bits', async () => {
    const long = `bins/${'deep-folder/'.repeat(9)}libggml-cuda.so`;
    expect(`package/${long}`.length).toBeGreaterThan(100);
    const dest = join(mkdtempSync(join(tmpdir(), 'out-')), 'pkg');
    const count = await extractPackage(tgz({ 'package.json': '{"name":"x"}', [long]: 'ELF…', 'bin/helper': '#!/bin/sh\n' }, { 'bin/helper': 0o755 }), dest);
    expect(count).toBe(3);
    expect(readFileSync(join(dest, 'package.json'), 'utf8')).toBe('{"name":"x"}');
    expect(readFileSync(join(dest, ...long.split('/')), 'utf8')).toBe('ELF…');
    if (process.platform !== 'win32') expect(statSync(join(dest, 'bin', 'helper')).mode & 0o111).not.toBe(0);
  });

  it('refuses a path that leaves the folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'out-'));
    await expect(extractPackage(tgz({ '../outside.txt': 'x' }), join(root, 'pkg'))).rejects.toThrow(/outside its folder/);
  });
});
