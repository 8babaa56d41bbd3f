// Consent walls and CAPTCHAs: pages an agent cannot get past. Recognised so the agent reports them
// (and search falls back to another engine) instead of looping on them.
export type Blocker = 'captcha' | 'consent';

const CAPTCHA = [
  /\bcaptcha\b/i,
  /are you (a )?(human|robot)/i,
  /verify (that )?you are (a )?human/i,
  /unusual traffic/i,
  /not a robot/i,
  /automated (queries|requests)/i,
  /bot detection/i,
  /challenge-platform/i,
  /checking your browser/i,
];
const CONSENT = [
  /before you continue/i,
  /we value your privacy/i,
  /(accept|agree to) (all )?(the )?cookies/i,
  /cookie (consent|preferences|settings)/i,
  /consent to (the use of|our use of)/i,
  /manage (your )?(privacy|consent)/i,
];

/**
 * Looks at a page's title and the start of its text. A consent banner above a real article is not a
 * wall, so consent only counts when the page has little else to read.
 */
export function detectBlocker(title: string, text: string): Blocker | null {
  const head = `${title}\n${text.slice(0, 1500)}`;
  if (CAPTCHA.some((re) => re.test(head))) return 'captcha';
  if (CONSENT.some((re) => re.test(head)) && text.length < 2500) return 'consent';
  return null;
}
