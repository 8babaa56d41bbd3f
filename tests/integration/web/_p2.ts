import puppeteer from 'puppeteer-core';
import { pageLibraries } from '/work/main/src-main/node/browser/pageLibraries.js';
import { CHROMIUM_ARGS } from '/work/main/src-main/node/browser/browserWeb.js';
import { startFixtureServer } from '/work/main/tests/fixtures/web/server.js';
const s = await startFixtureServer();
const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, pipe: true, args: CHROMIUM_ARGS });
const p = await b.newPage();
await p.goto(s.origin + '/big?kb=1024');
const t = async (label: string, src: string) => { const a = performance.now(); await p.evaluate(src); console.log(label, Math.round(performance.now() - a)); };
for (let i = 0; i < 3; i++) {
  await t('noop', '1');
  await t('libs', `(() => { ${pageLibraries()}; return 1 })()`);
  await t('styles', `(() => { var n = 0; document.querySelectorAll('article *').forEach(function (el) { var s = getComputedStyle(el); if (s.display === 'none') n++; }); return n })()`);
  await t('rects', `(() => { var n = 0; document.querySelectorAll('article *').forEach(function (el) { var r = el.getBoundingClientRect(); if (r.width < 1) n++; }); return n })()`);
  await t('checkVis', `(() => { var n = 0; document.querySelectorAll('article *').forEach(function (el) { if (!el.checkVisibility({checkOpacity:true, checkVisibilityCSS:true})) n++; }); return n })()`);
  await t('clone', `(() => { var c = document.querySelector('article').cloneNode(true); return c.childNodes.length })()`);
  await t('count', `document.querySelectorAll('article *').length`);
}
await b.close(); await s.close();
