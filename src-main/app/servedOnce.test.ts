import { describe, expect, it } from 'vitest';
import { servedOnce } from './servedOnce.js';

describe('servedOnce', () => {
  it('joins the groups, each handler under its own command', async () => {
    const joined = servedOnce({ 'a.one': async () => 1 }, { 'b.two': async () => 2, 'b.three': async () => 3 });
    expect(Object.keys(joined)).toEqual(['a.one', 'b.two', 'b.three']);
    expect(await joined['b.three']()).toBe(3);
  });

  it('refuses a command that two groups serve, naming it', () => {
    expect(() => servedOnce({ 'session.delete': async () => 1 }, { 'session.delete': async () => 2 })).toThrow(/Two modules serve the command session\.delete/);
  });
});
