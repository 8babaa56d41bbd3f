import { describe, expect, it } from 'vitest';
import { detectBlocker } from './blockers.js';
import { StuckDetector } from './stuck.js';
import { unwrapRedirect } from './browserSearch.js';

describe('StuckDetector', () => {
  it('warns on the first repeat and calls the second one stuck', () => {
    const stuck = new StuckDetector();
    expect(stuck.page('https://a.org', 'text')).toBe('ok');
    expect(stuck.page('https://a.org', 'text  ')).toBe('repeat');
    expect(stuck.reply('OPEN: 1')).toBe('ok');
    expect(stuck.reply('open:  1')).toBe('stuck');
  });

  it('does not count different pages or replies', () => {
    const stuck = new StuckDetector();
    for (let i = 0; i < 5; i++) {
      expect(stuck.page(`https://a.org/${i}`, 'same text')).toBe('ok');
      expect(stuck.reply(`OPEN: ${i}`)).toBe('ok');
    }
  });
});

describe('detectBlocker', () => {
  it('recognises CAPTCHAs and consent walls, but not an article that mentions cookies', () => {
    expect(detectBlocker('Are you a robot?', 'Please solve the challenge')).toBe('captcha');
    expect(detectBlocker('Google', 'Our systems have detected unusual traffic from your computer network.')).toBe('captcha');
    expect(detectBlocker('Before you continue', 'We use cookies. Accept all')).toBe('consent');
    expect(detectBlocker('Baking', `Accept all cookies. ${'A long recipe about cookies and butter. '.repeat(100)}`)).toBeNull();
    expect(detectBlocker('Otters', 'Otters are mammals.')).toBeNull();
  });
});

describe('unwrapRedirect', () => {
  it('returns the destination behind DuckDuckGo and Bing redirect links', () => {
    expect(unwrapRedirect('//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.org%2Fx%3Futm_source%3Dd&rut=1', 'https://html.duckduckgo.com/html/')).toBe('https://a.org/x');
    const b64 = Buffer.from('https://b.org/page?id=2').toString('base64url');
    expect(unwrapRedirect(`https://www.bing.com/ck/a?!&&p=1&u=a1${b64}&ntb=1`, 'https://www.bing.com/search')).toBe('https://b.org/page?id=2');
    expect(unwrapRedirect('https://c.org/plain#x', 'https://e.org')).toBe('https://c.org/plain');
  });
});
