// Readability and turndown run inside the page (the DOM is there). Their browser builds are read
// from node_modules once; each defines one global in our isolated world, never on the page's window.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type PageLibrary = 'readability' | 'turndown';

const cache = new Map<PageLibrary, string>();

export function pageLibraries(library: PageLibrary): string {
  const hit = cache.get(library);
  if (hit !== undefined) return hit;
  const require = createRequire(import.meta.url);
  const source =
    library === 'readability'
      ? `var Readability = (function () { var module = { exports: {} }; ${readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8')}\n; return Readability; })(); true`
      : `var TurndownService = (function () { var module = { exports: {} }; var exports = module.exports; var define; ${readFileSync(require.resolve('turndown/lib/turndown.browser.umd.js'), 'utf8')}\n; return module.exports; })(); true`;
  cache.set(library, source);
  return source;
}
