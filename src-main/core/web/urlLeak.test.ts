import { describe, expect, it } from 'vitest';
import { carriedSessionText } from './urlLeak.js';

const session = ['Summarise the report. Private: the merger with Contoso closes on 14 May for 3.2 billion.'];

describe('carriedSessionText', () => {
  it('finds the conversation in a query, a path or a fragment, encoded or not', () => {
    expect(carriedSessionText('https://x.example/c?d=merger%20with%20Contoso%20closes', session)).toBe('merger with contoso closes');
    expect(carriedSessionText('https://x.example/merger-with-contoso/closes-on-14-may', session)).toBe('merger with contoso closes on 14 may');
    expect(carriedSessionText('https://x.example/#the+merger+with+Contoso', session)).toBe('the merger with contoso');
  });

  it('lets ordinary addresses and the ones the user gave through', () => {
    expect(carriedSessionText('https://en.wikipedia.org/wiki/Sea_otter', session)).toBeNull();
    expect(carriedSessionText('https://x.example/report', session)).toBeNull();
    const given = 'https://x.example/merger-with-contoso-closes';
    expect(carriedSessionText(given, [`Open ${given} please`])).toBeNull();
    expect(carriedSessionText('not a url', session)).toBeNull();
  });

  it('answers for 1 MB of conversation and a 1 MB address in one pass', () => {
    const big = 'ab '.repeat(350_000);
    expect(carriedSessionText(`https://x.example/?q=${'ba'.repeat(500_000)}`, [big])).toBeNull();
  });
});
