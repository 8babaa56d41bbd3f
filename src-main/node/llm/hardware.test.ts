import { describe, expect, it } from 'vitest';
import { defaultThreadCount, physicalCoreCount } from './hardware.js';

const cpuinfo = (pairs: Array<[number, number]>) => pairs.map(([phys, core], i) => `processor\t: ${i}\nphysical id\t: ${phys}\ncore id\t\t: ${core}\n`).join('\n');

describe('physicalCoreCount', () => {
  it('counts hyperthread siblings once', () => {
    expect(
      physicalCoreCount(
        cpuinfo([
          [0, 0],
          [0, 1],
          [0, 0],
          [0, 1],
        ]),
      ),
    ).toBe(2);
  });
  it('counts cores of every socket', () => {
    expect(
      physicalCoreCount(
        cpuinfo([
          [0, 0],
          [1, 0],
        ]),
      ),
    ).toBe(2);
  });
  it('falls back to processors when core ids are missing (some VMs, ARM)', () => {
    expect(physicalCoreCount('processor\t: 0\n\nprocessor\t: 1\n\nprocessor\t: 2\n')).toBe(3);
  });
});

describe('defaultThreadCount', () => {
  it('lets a setting win', () => {
    expect(defaultThreadCount(3)).toBe(3);
  });
  it('leaves a core free but never goes below 1', () => {
    expect(defaultThreadCount(0)).toBe(Math.max(1, physicalCoreCount() - 1));
    expect(defaultThreadCount(0)).toBeGreaterThanOrEqual(1);
  });
});
