// Search with no server: open a public engine's results page in a fresh browser page and read the
// results by selectors; when an engine refuses (error, consent wall, CAPTCHA, nothing found) try
// the next. Base URLs are injectable so tests serve results pages from 127.0.0.1.
import { AppError, isAbortError } from '../../common/errors.js';
import type { Logger } from '../ports.js';
import { detectBlocker } from './blockers.js';
import type { BrowserDriver, ResultSelectors, SearchResult, WebSearch } from './driver.js';
import { cleanUrl } from './links.js';

export interface SearchEngine {
  name: string;
  /** Results page URL for a query. */
  url(query: string): string;
  selectors: ResultSelectors;
}

export const DEFAULT_ENGINE_BASES = {
  duckduckgo: 'https://html.duckduckgo.com/html/',
  bing: 'https://www.bing.com/search',
  brave: 'https://search.brave.com/search',
  mojeek: 'https://www.mojeek.com/search',
} as const;
export type EngineName = keyof typeof DEFAULT_ENGINE_BASES;

const SELECTORS: Record<EngineName, ResultSelectors> = {
  duckduckgo: { item: '.result:not(.result--ad)', title: '.result__a', link: '.result__a', snippet: '.result__snippet' },
  bing: { item: 'li.b_algo', title: 'h2', link: 'h2 a', snippet: '.b_caption p, p' },
  brave: { item: '#results .snippet[data-type="web"]', title: '.title, .snippet-title', link: 'a[href]', snippet: '.snippet-description, .generic-snippet, .description' },
  mojeek: { item: 'ul.results-standard > li', title: 'a.title, h2 a', link: 'a.title, h2 a', snippet: 'p.s' },
};

/** The default engines, in fallback order, with base URLs optionally replaced. */
export function defaultEngines(bases: Partial<Record<EngineName, string>> = {}, order: readonly EngineName[] = ['duckduckgo', 'bing', 'brave', 'mojeek']): SearchEngine[] {
  return order.map((name) => {
    const base = bases[name] ?? DEFAULT_ENGINE_BASES[name];
    return { name, url: (q) => `${base}${base.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`, selectors: SELECTORS[name] };
  });
}

/** Engines wrap result links in their own redirects; the model needs the destination. */
export function unwrapRedirect(raw: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  const uddg = url.searchParams.get('uddg');
  if (uddg && url.pathname.startsWith('/l/')) return cleanUrl(uddg);
  const u = url.searchParams.get('u');
  if (u && url.pathname.startsWith('/ck/')) {
    const encoded = u.startsWith('a1') ? u.slice(2) : u;
    try {
      const decoded = atobUrl(encoded);
      if (/^https?:\/\//.test(decoded)) return cleanUrl(decoded);
    } catch {
      return null;
    }
  }
  return cleanUrl(url.toString());
}

/** base64url to text without atob/TextDecoder (not part of the core's isomorphic globals). */
function atobUrl(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let bits = 0;
  let value = 0;
  let escaped = '';
  for (const ch of text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error('not base64');
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      escaped += '%' + ((value >> bits) & 0xff).toString(16).padStart(2, '0');
    }
  }
  return decodeURIComponent(escaped);
}

export interface BrowserSearchOptions {
  driver: () => Promise<BrowserDriver>;
  engines?: SearchEngine[];
  logger: Logger;
  maxResults?: number;
}

/** Results of one engine, or the reason it refused. */
async function tryEngine(driver: BrowserDriver, engine: SearchEngine, query: string, max: number, signal: AbortSignal): Promise<SearchResult[] | string> {
  const page = await driver.scrapeResults(engine.url(query), engine.selectors, signal);
  if (page.status >= 400) return `${engine.name} answered HTTP ${page.status}`;
  const blocker = detectBlocker(page.title, page.textStart);
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const r of page.results) {
    const url = unwrapRedirect(r.url, page.url);
    if (!url || seen.has(url) || !r.title.trim()) continue;
    seen.add(url);
    results.push({ title: r.title.trim(), url, snippet: r.snippet.replace(/\s+/g, ' ').trim() });
  }
  if (results.length === 0 && blocker) return `${engine.name} showed a ${blocker === 'captcha' ? 'CAPTCHA' : 'consent wall'}`;
  return results.slice(0, max);
}

export function createBrowserSearch(options: BrowserSearchOptions): WebSearch {
  const engines = options.engines ?? defaultEngines();
  const max = options.maxResults ?? 10;
  const searchOn = async (driver: BrowserDriver, query: string, signal: AbortSignal): Promise<SearchResult[]> => {
    const refusals: string[] = [];
    let answeredEmpty = false;
    for (const engine of engines) {
      signal.throwIfAborted();
      try {
        const outcome = await tryEngine(driver, engine, query, max, signal);
        if (typeof outcome !== 'string' && outcome.length > 0) return outcome;
        if (typeof outcome !== 'string') answeredEmpty = true;
        refusals.push(typeof outcome === 'string' ? outcome : `${engine.name} found nothing`);
      } catch (error) {
        if (isAbortError(error) || signal.aborted) throw error;
        refusals.push(`${engine.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      options.logger.warn('search engine refused, trying the next', { engine: engine.name, reason: refusals.at(-1) });
    }
    // An engine that answered with nothing is an answer: only when none answered is it an error.
    if (answeredEmpty) return [];
    throw new AppError('OFFLINE', `No search engine answered: ${refusals.join('; ')}.`);
  };
  return {
    name: 'browser',
    async search(query, signal) {
      // One fresh page per search, shared by the engines it tries.
      const driver = await options.driver();
      try {
        return await searchOn(driver, query, signal);
      } finally {
        await driver.close();
      }
    },
    searchOn,
  };
}
