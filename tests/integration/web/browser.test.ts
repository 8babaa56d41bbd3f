// Real Chromium against local fixture sites: page reading, link cleaning, forms, search parsing
// with engine fallback, SearxNG. One browser for the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src-main/common/errors.js';
import { createBrowserSearch, defaultEngines } from '../../../src-main/core/web/browserSearch.js';
import type { BrowserDriver } from '../../../src-main/core/web/driver.js';
import { cleanLinks } from '../../../src-main/core/web/links.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { createBrowserWeb, type BrowserWeb } from '../../../src-main/node/web/browserWeb.js';
import { SearxngSearch } from '../../../src-main/node/web/searxngSearch.js';
import { startFixtureServer, type FixtureServer } from '../../fixtures/web/server.js';

const signal = new AbortController().signal;
let server: FixtureServer;
let web: BrowserWeb;
let driver: BrowserDriver;

beforeAll(async () => {
  server = await startFixtureServer();
  web = createBrowserWeb({ logger: silentLogger, executablePath: process.env.AGENTIC_CHROME ?? '/usr/bin/chromium' });
  driver = await web.driverFactory();
});
afterAll(async () => {
  await driver?.close();
  await web?.dispose();
  await server?.close();
});

describe('reading a page', () => {
  // Reading stops early at the text budget (counted in paragraphs with links inside too; the walk once
  // counted only leaf elements and styled such a page to its end: the speed is in `npm run bench web`).
  it('cuts a 1 MB article of linked paragraphs at the budget, keeping its first sections in order', async () => {
    await driver.navigate(`${server.origin}/big?kb=1024`, signal);
    const page = await driver.readPage(signal, { maxChars: 8_000 });
    expect(page.markdown.length).toBeLessThan(12_000);
    expect(page.markdown).toContain('The big otter article');
    expect(page.markdown.indexOf('Section 1')).toBeGreaterThanOrEqual(0);
    expect(page.markdown.indexOf('Section 1')).toBeLessThan(page.markdown.indexOf('Section 2'));
    expect(page.markdown).not.toContain('Section 400'); // far past the budget
    expect(page.markdown).not.toContain('hidden promo'); // hidden text is still dropped before the cut
  });

  it('keeps the article, drops navigation chrome, hidden text and stray fragments, and shows images as alt text', async () => {
    await driver.navigate(`${server.origin}/article`, signal);
    const page = await driver.readPage(signal);
    expect(page.title).toBe('Sea otters use tools');
    expect(page.markdown).toContain('crack open shellfish with stones');
    expect(page.markdown).toContain('[image: A sea otter holding a stone on its belly]');
    expect(page.markdown).toContain('quarter of its body weight');
    for (const gone of ['SECRET-HIDDEN-TEXT', 'OFFSCREEN-HIDDEN-TEXT', 'Celebrity gossip', 'Copyright 2026', 'Log in', '[image: ]']) expect(page.markdown).not.toContain(gone);
    expect(page.markdown.split('\n')).not.toContain('Share');
  });

  it('lists links cleaned of fragments and tracking parameters, deduplicated, without mailto', async () => {
    const page = await driver.readPage(signal);
    const links = cleanLinks(page.links, page.url);
    const urls = links.map((l) => l.url);
    expect(urls).toContain(`${server.origin}/site/diet?id=7`);
    expect(urls.filter((u) => u.includes('/site/diet'))).toHaveLength(1);
    expect(urls).toContain('https://en.example.org/wiki/Sea_otter_(animal)');
    expect(urls.some((u) => u.startsWith('mailto:') || u.includes('utm_') || u.includes('#'))).toBe(false);
  });

  it('goes back to the previous page and reports when there is nothing to go back to', async () => {
    const fresh = await web.driverFactory();
    try {
      expect(await fresh.back(signal)).toBeNull();
      await fresh.navigate(`${server.origin}/site/index`, signal);
      await fresh.navigate(`${server.origin}/site/habitat`, signal);
      const back = await fresh.back(signal);
      expect(back?.url).toBe(`${server.origin}/site/index`);
    } finally {
      await fresh.close();
    }
  });

  it('reads in an isolated world: page scripts can neither fool the hidden-text filter nor see the reader libraries', async () => {
    await driver.navigate(`${server.origin}/tamper`, signal);
    await driver.readPage(signal);
    await new Promise((r) => setTimeout(r, 100));
    const page = await driver.readPage(signal);
    expect(page.markdown).not.toContain('TAMPER-HIDDEN-TEXT');
    expect(page.markdown).toContain('globals seen by the page: undefined and undefined');
  });

  it('refuses non-web addresses with a coded error', async () => {
    await expect(driver.navigate('file:///etc/passwd', signal)).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('forms', () => {
  it('lists every field type by stable handle, file and hidden inputs excluded', async () => {
    await driver.navigate(`${server.origin}/form`, signal);
    const [form] = (await driver.readPage(signal)).forms;
    expect(form?.handle).toBe('f1');
    const byHandle = Object.fromEntries(form!.fields.map((f) => [f.handle, f]));
    expect(Object.keys(byHandle)).toEqual(['name', 'email', 'age', 'message', 'country', 'newsletter', 'topics=otters', 'topics=seals', 'size']);
    expect(byHandle.name).toMatchObject({ kind: 'text', label: 'Your name', required: true });
    expect(byHandle.email).toMatchObject({ inputType: 'email', label: 'Email' });
    expect(byHandle.country?.options.map((o) => o.value)).toEqual(['', 'fr', 'de', 'jp']);
    expect(byHandle['topics=seals']?.value).toBe('on');
    expect(byHandle.size).toMatchObject({ kind: 'radio', value: 'm', label: 'Size' });
    expect(form!.buttons.map((b) => b.handle)).toEqual(['action', 'send']);
  });

  it('fills text, select, checkboxes and radio individually and submits by the named button; the server echoes them', async () => {
    await driver.fillForm(
      'f1',
      [
        { handle: 'name', value: 'Ada' },
        { handle: 'email', value: 'ada@example.org' },
        { handle: 'age', value: '36' },
        { handle: 'message', value: 'Hello\notters' },
        { handle: 'country', value: 'jp' },
        { handle: 'newsletter', value: 'on' },
        { handle: 'topics=otters', value: 'on' },
        { handle: 'topics=seals', value: 'off' },
        { handle: 'size', value: 'l' },
      ],
      signal,
    );
    const landed = await driver.submitForm('f1', 'send', signal);
    expect(landed.url).toBe(`${server.origin}/echo`);
    const page = await driver.readPage(signal);
    const echoed = JSON.parse(/\{.*\}/s.exec(page.markdown)![0]) as { method: string; received: Record<string, string[]> };
    expect(echoed.method).toBe('POST');
    expect(echoed.received).toEqual({
      name: ['Ada'],
      email: ['ada@example.org'],
      age: ['36'],
      token: ['hidden-token-1'],
      message: ['Hello\r\notters'],
      country: ['jp'],
      newsletter: ['yes'],
      topics: ['otters'],
      size: ['l'],
      send: ['now'],
      upload: [''],
    });
  });

  it('names a missing form or button in the error', async () => {
    await driver.navigate(`${server.origin}/form`, signal);
    await expect(driver.submitForm('f1', 'nope', signal)).rejects.toThrow(/no button nope/);
    await expect(driver.fillForm('f9', [], signal)).rejects.toThrow(/no form f9/);
  });
});

describe('search', () => {
  it('reads a DuckDuckGo-shaped results page, unwraps its redirect links and skips ads', async () => {
    const search = createBrowserSearch({ driver: web.driverFactory, logger: silentLogger, engines: defaultEngines({ duckduckgo: `${server.origin}/ddg/html/` }) });
    const results = await search.search('sea otters', signal);
    expect(results.map((r) => r.url)).toEqual([`${server.origin}/article`, `${server.origin}/site/index`, `${server.origin}/inject`]);
    expect(results[0]).toMatchObject({ title: 'Sea otters use tools', snippet: expect.stringContaining('skin pouch') });
  });

  it('falls back past an engine that shows a CAPTCHA, a consent wall or an error page', async () => {
    const engines = defaultEngines(
      { duckduckgo: `${server.origin}/captcha/search`, brave: `${server.origin}/consent/search`, mojeek: `${server.origin}/broken/search`, bing: `${server.origin}/bing/search` },
      ['duckduckgo', 'brave', 'mojeek', 'bing'],
    );
    const search = createBrowserSearch({ driver: web.driverFactory, logger: silentLogger, engines });
    const results = await search.search('otters', signal);
    expect(results[0]?.url).toBe(`${server.origin}/article`);
    expect(server.requests.filter((r) => r.includes('/search?q=otters')).map((r) => r.split('/')[1])).toEqual(['captcha', 'consent', 'broken', 'bing']);
  });

  it('says which engines refused when none answers', async () => {
    const engines = defaultEngines({ duckduckgo: `${server.origin}/captcha/search`, bing: `${server.origin}/broken/search` }, ['duckduckgo', 'bing']);
    const search = createBrowserSearch({ driver: web.driverFactory, logger: silentLogger, engines });
    const error = await search.search('x', signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('No search engine answered: duckduckgo showed a CAPTCHA; bing answered HTTP 500.');
  });

  it('returns no results, not an error, when engines answer with nothing', async () => {
    const engines = defaultEngines({ duckduckgo: `${server.origin}/empty/search` }, ['duckduckgo']);
    expect(await createBrowserSearch({ driver: web.driverFactory, logger: silentLogger, engines }).search('zzz', signal)).toEqual([]);
  });

  it('uses the SearxNG JSON API when configured, links cleaned and deduplicated', async () => {
    const results = await new SearxngSearch(`${server.origin}/searx`).search('otters', signal);
    expect(results.map((r) => r.url)).toEqual([`${server.origin}/article`, `${server.origin}/site/index`, `${server.origin}/inject`]);
    await expect(new SearxngSearch('http://127.0.0.1:1').search('x', signal)).rejects.toMatchObject({ code: 'OFFLINE' });
  });
});

describe('screencast', () => {
  it('delivers JPEG frames while a page renders', async () => {
    const frames: string[] = [];
    await driver.startScreencast((f) => frames.push(f.mime));
    await driver.navigate(`${server.origin}/site/habitat`, signal);
    for (let i = 0; i < 40 && frames.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await driver.stopScreencast();
    expect(frames[0]).toBe('image/jpeg');
  });
});
