import { describe, expect, it } from 'vitest';
import { StopFilter } from './stopFilter.js';

const feed = (filter: StopFilter, chunks: string[]) => chunks.map((c) => filter.push(c)).join('') + filter.flush();

describe('StopFilter', () => {
  it('never releases part of a stop sequence split across chunks', () => {
    const filter = new StopFilter(['</answer>']);
    const released: string[] = [];
    for (const chunk of ['The result is 4', '2.</an', 'swer> and more']) released.push(filter.push(chunk));
    expect(released.join('')).toBe('The result is 42.');
    expect(released.some((r) => r.includes('<'))).toBe(false);
    expect(filter.stopped).toBe(true);
    expect(filter.flush()).toBe('');
  });

  it('stops at whichever stop sequence comes first', () => {
    expect(feed(new StopFilter(['\n\n', 'User:']), ['Hi there.', ' User: more\n\nx'])).toBe('Hi there. ');
  });

  it('releases everything when no stop sequence comes, and passes text through without any', () => {
    const filter = new StopFilter(['###']);
    expect(feed(filter, ['a #', '# b', ' c#'])).toBe('a ## b c#');
    expect(filter.stopped).toBe(false);
    expect(feed(new StopFilter([]), ['x', 'y'])).toBe('xy');
  });
});
