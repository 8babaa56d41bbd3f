import { describe, expect, it } from 'vitest';
import { retryingImport } from './lazyPart.js';

describe('retryingImport', () => {
  it('tries a failed chunk load again and returns the module once it loads', async () => {
    let calls = 0;
    const load = retryingImport(
      async () => {
        if (++calls < 3) throw new TypeError('Failed to fetch dynamically imported module');
        return { default: 'module' };
      },
      4,
      1,
    );
    await expect(load()).resolves.toEqual({ default: 'module' });
    expect(calls).toBe(3);
  });

  it('gives up after its attempts with the last error', async () => {
    let calls = 0;
    const load = retryingImport(
      async () => {
        calls++;
        throw new TypeError('offline');
      },
      3,
      1,
    );
    await expect(load()).rejects.toThrow('offline');
    expect(calls).toBe(3);
  });
});
