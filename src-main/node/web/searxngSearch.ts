// SearxNG over its JSON API, when the user has configured an instance.
import { AppError, isAbortError } from '../../common/errors.js';
import type { SearchResult, WebSearch } from '../../core/web/driver.js';
import { cleanUrl } from '../../core/web/links.js';

interface SearxngJson {
  results?: { url?: unknown; title?: unknown; content?: unknown }[];
}

export class SearxngSearch implements WebSearch {
  readonly name = 'searxng';
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly maxResults = 10,
  ) {
    try {
      this.base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    } catch {
      throw new AppError('BAD_INPUT', `The SearxNG URL is not valid: ${baseUrl}`);
    }
  }

  async search(query: string, signal: AbortSignal): Promise<SearchResult[]> {
    const url = new URL('search', this.base);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(20_000)]), headers: { accept: 'application/json' } });
    } catch (error) {
      if (signal.aborted || isAbortError(error))
        throw signal.aborted ? new AppError('CANCELLED', 'Cancelled.') : new AppError('OFFLINE', `SearxNG at ${this.base.origin} did not answer in time.`);
      throw new AppError('OFFLINE', `SearxNG at ${this.base.origin} is unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) {
      const hint = response.status === 403 ? ' (enable the json format under search.formats in its settings.yml)' : '';
      throw new AppError('PROVIDER_ERROR', `SearxNG answered HTTP ${response.status}${hint}.`);
    }
    let body: SearxngJson;
    try {
      body = (await response.json()) as SearxngJson;
    } catch {
      throw new AppError('PROVIDER_ERROR', 'SearxNG did not answer JSON; is the URL the instance root?');
    }
    const seen = new Set<string>();
    const results: SearchResult[] = [];
    for (const r of body.results ?? []) {
      const link = typeof r.url === 'string' ? cleanUrl(r.url) : null;
      if (!link || seen.has(link)) continue;
      seen.add(link);
      results.push({ url: link, title: typeof r.title === 'string' ? r.title.trim() : link, snippet: typeof r.content === 'string' ? r.content.replace(/\s+/g, ' ').trim() : '' });
    }
    return results.slice(0, this.maxResults);
  }
}
