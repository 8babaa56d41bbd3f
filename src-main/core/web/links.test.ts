import { describe, expect, it } from 'vitest';
import { cleanLinks, cleanUrl } from './links.js';

describe('cleanUrl', () => {
  it('strips tracking parameters and fragments but keeps meaningful query parameters', () => {
    expect(cleanUrl('https://a.org/p?id=3&utm_source=x&UTM_Medium=y&fbclid=1&gclid=2&msclkid=3#sec')).toBe('https://a.org/p?id=3');
    expect(cleanUrl('https://a.org/p?utm_source=x')).toBe('https://a.org/p');
  });

  it('drops punctuation that prose glued to a URL, keeping balanced parentheses', () => {
    expect(cleanUrl('https://a.org/page.')).toBe('https://a.org/page');
    expect(cleanUrl('https://a.org/page),')).toBe('https://a.org/page');
    expect(cleanUrl('https://en.wikipedia.org/wiki/Otter_(animal)')).toBe('https://en.wikipedia.org/wiki/Otter_(animal)');
    expect(cleanUrl('"https://a.org/x"')).toBe('https://a.org/x');
  });

  it('resolves relative links and rejects non-web schemes', () => {
    expect(cleanUrl('/b?q=1', 'https://a.org/a')).toBe('https://a.org/b?q=1');
    expect(cleanUrl('javascript:alert(1)')).toBeNull();
    expect(cleanUrl('mailto:x@y.z')).toBeNull();
    expect(cleanUrl('not a url')).toBeNull();
  });
});

describe('cleanLinks', () => {
  it('dedupes links that differ only by tracking or fragment, drops the page itself, keeps the first text', () => {
    const links = cleanLinks(
      [
        { text: '', url: 'https://a.org/x?utm_source=1' },
        { text: 'X page', url: 'https://a.org/x#top' },
        { text: 'self', url: 'https://a.org/here#comments' },
        { text: '  spaced\n text ', url: 'https://a.org/y' },
      ],
      'https://a.org/here',
    );
    expect(links).toEqual([
      { url: 'https://a.org/x', text: 'X page' },
      { url: 'https://a.org/y', text: 'spaced text' },
    ]);
  });
});
