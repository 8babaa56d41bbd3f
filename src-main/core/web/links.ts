// Link cleaning: the model sees each destination once, without tracking noise or prose punctuation
// glued to it, so that "same page twice" really means the same page.
import type { PageLink } from './driver.js';

const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'mc_cid',
  'mc_eid',
  'igshid',
  '_ga',
  '_gl',
  'ref_src',
  'ref_url',
  'spm',
  'scid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
]);
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>»”’]+$/;

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((p) => lower.startsWith(p));
}

/** Removes a trailing `)` only when it is not balanced inside the URL (Wikipedia-style paths keep theirs). */
function trimTrailing(raw: string): string {
  let url = raw.trim().replace(/^["'(<«“‘[]+/, '');
  for (;;) {
    const match = TRAILING_PUNCTUATION.exec(url);
    if (!match) return url;
    const tail = match[0];
    if (tail === ')' && (url.match(/\(/g)?.length ?? 0) >= (url.match(/\)/g)?.length ?? 0)) return url;
    url = url.slice(0, -1);
  }
}

/** A canonical http(s) URL without fragment and tracking parameters, or null when not http(s). */
export function cleanUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(trimTrailing(raw), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (isTracking(name)) url.searchParams.delete(name);
  const text = url.toString();
  return url.search === '' && text.endsWith('?') ? text.slice(0, -1) : text;
}

/** Cleans, drops non-web links and links to the page itself, dedupes by URL keeping the best text. */
export function cleanLinks(links: readonly PageLink[], pageUrl: string, limit = 80): PageLink[] {
  const self = cleanUrl(pageUrl);
  const byUrl = new Map<string, PageLink>();
  for (const link of links) {
    const url = cleanUrl(link.url, pageUrl);
    if (!url || url === self) continue;
    const text = link.text.replace(/\s+/g, ' ').trim().slice(0, 120);
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, { url, text });
    else if (!seen.text && text) seen.text = text;
  }
  return [...byUrl.values()].slice(0, limit);
}
