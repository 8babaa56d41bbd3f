import puppeteer from 'puppeteer-core';
import { readPageScript } from '/work/main/src-main/node/browser/inpage.js';
import { pageLibraries } from '/work/main/src-main/node/browser/pageLibraries.js';
import { CHROMIUM_ARGS } from '/work/main/src-main/node/browser/browserWeb.js';
import { startFixtureServer } from '/work/main/tests/fixtures/web/server.js';
const s = await startFixtureServer();
const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, pipe: true, args: CHROMIUM_ARGS });
const p = await b.newPage();
await p.goto(s.origin + '/big?kb=1024');
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = (await p.evaluate(readPageScript(pageLibraries(), 40000))) as { markdown: string; links: unknown[] };
  console.log(Math.round(performance.now() - t), r.markdown.length, r.links.length);
}
await b.close(); await s.close();
