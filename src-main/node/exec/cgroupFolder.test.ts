import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blocksFolder, writable } from './cgroupFolder.js';

// An ordinary folder stands in for a cgroup hierarchy: making and removing empty folders is all the
// cleanup does, and a cgroup folder with no process in it is removed the same way.
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the folder of per-block cgroups', () => {
  it('removes the cgroups of app processes that have ended and keeps those of running ones and anything else', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agentic-cgroups-'));
    const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
    const base = join(dir, 'agentic-blocks');
    for (const name of [`block-${ended}-a1`, `block-${process.pid}-b2`, 'not-a-block']) mkdirSync(join(base, name), { recursive: true });
    expect(await blocksFolder(base)).toBe(base);
    expect(existsSync(join(base, `block-${ended}-a1`))).toBe(false);
    expect(existsSync(join(base, `block-${process.pid}-b2`))).toBe(true);
    expect(existsSync(join(base, 'not-a-block'))).toBe(true);
  });

  it('is made where missing, and is null where it cannot be', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agentic-cgroups-'));
    expect(await blocksFolder(join(dir, 'a', 'b'))).toBe(join(dir, 'a', 'b'));
    writeFileSync(join(dir, 'file'), '');
    expect(await blocksFolder(join(dir, 'file', 'blocks'))).toBeNull();
    expect(await writable(join(dir, 'file'))).toBe(true);
    expect(await writable(join(dir, 'missing'))).toBe(false);
  });
});
