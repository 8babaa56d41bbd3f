import { describe, expect, it } from 'vitest';
import { routingText } from './bound.js';

describe('routingText', () => {
  it('keeps a short request whole', () => {
    expect(routingText('write a python script')).toBe('write a python script');
  });

  it('reads a bounded prefix and suffix of a long request, cut between words', () => {
    const text = `please summarise this log ${'line of pasted output '.repeat(50_000)} and tell me what failed`;
    const bounded = routingText(text, 100, 50);
    expect(bounded.length).toBeLessThan(200);
    expect(bounded.startsWith('please summarise this log')).toBe(true);
    expect(bounded.endsWith('and tell me what failed')).toBe(true);
    const [head, tail] = bounded.split('\n…\n');
    expect(head!.endsWith(' ') || /\w$/.test(head!)).toBe(true);
    expect(text.includes(head!)).toBe(true);
    expect(text.endsWith(tail!)).toBe(true);
  });
});
