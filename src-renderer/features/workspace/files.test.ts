import { describe, expect, it } from 'vitest';
import { batchForImport, formatBytes } from './files.js';

describe('import batches', () => {
  it('never exceeds the file count the contract allows', () => {
    const files = Array.from({ length: 250 }, () => ({ size: 1 }));
    expect(batchForImport(files).map((b) => b.length)).toEqual([100, 100, 50]);
  });

  it('splits by bytes, and sends a file larger than the limit on its own', () => {
    const batches = batchForImport([{ size: 6 }, { size: 6 }, { size: 20 }, { size: 1 }], 100, 10);
    expect(batches.map((b) => b.map((f) => f.size))).toEqual([[6], [6], [20], [1]]);
  });

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
  });
});
