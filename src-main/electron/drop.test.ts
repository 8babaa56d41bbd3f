import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DropGrants, parseDropMessage } from './drop.js';

describe('drops from the system', () => {
  it('accepts only absolute, bounded paths from the preload', () => {
    expect(parseDropMessage(['/home/a/project', '/tmp/x.txt'], isAbsolute)).toEqual(['/home/a/project', '/tmp/x.txt']);
    for (const bad of [null, 'x', [], ['relative/path'], ['/ok', 42], ['/a\0b'], ['/' + 'a'.repeat(5000)], Array.from({ length: 1001 }, () => '/a')]) {
      expect(parseDropMessage(bad, isAbsolute)).toBeNull();
    }
  });

  it('hands out a drop once, and nothing when there was none', async () => {
    const grants = new DropGrants();
    grants.grant(['/a']);
    expect(await grants.take()).toEqual(['/a']);
    expect(await grants.take(20)).toEqual([]);
  });

  it('waits briefly for a drop announced after the command', async () => {
    const grants = new DropGrants();
    const taking = grants.take(500);
    grants.grant(['/late']);
    expect(await taking).toEqual(['/late']);
  });

  it('forgets a drop nobody imported in time', async () => {
    let now = 0;
    const grants = new DropGrants(() => now);
    grants.grant(['/old']);
    now = 31_000;
    expect(await grants.take(10)).toEqual([]);
  });
});
