// Readability and turndown run inside the page (the DOM is there); their browser builds are read
// from node_modules once and wrapped so they define nothing on the page's window.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let cached: string | null = null;

export function pageLibraries(): string {
  if (cached !== null) return cached;
  const require = createRequire(import.meta.url);
  const readability = readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8');
  const turndown = readFileSync(require.resolve('turndown/lib/turndown.browser.umd.js'), 'utf8');
  cached = [
    `var Readability = (function () { var module = { exports: {} }; ${readability}\n; return Readability; })();`,
    `var TurndownService = (function () { var module = { exports: {} }; var exports = module.exports; var define; ${turndown}\n; return module.exports; })();`,
  ].join('\n');
  return cached;
}
