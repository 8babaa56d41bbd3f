// Readability and turndown run inside the page (the DOM is there); their browser builds are read
// from node_modules once and wrapped so they define nothing on the page's window.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let cached: { turndown: string; readability: string } | null = null;

/** turndown always; Readability (three times larger) only for pages without their own main element. */
export function pageLibraries(withReadability: boolean): string {
  if (cached === null) {
    const require = createRequire(import.meta.url);
    const readability = readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8');
    const turndown = readFileSync(require.resolve('turndown/lib/turndown.browser.umd.js'), 'utf8');
    cached = {
      readability: `var Readability = (function () { var module = { exports: {} }; ${readability}\n; return Readability; })();`,
      turndown: `var TurndownService = (function () { var module = { exports: {} }; var exports = module.exports; var define; ${turndown}\n; return module.exports; })();`,
    };
  }
  return withReadability ? `${cached.turndown}\n${cached.readability}` : cached.turndown;
}
