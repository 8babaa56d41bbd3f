// Renders resources/icons/icon.svg, the one source image, into every icon the installers use:
// png/<N>x<N>.png (Linux), icon.ico (Windows) and icon.icns (macOS). Run after editing the SVG:
//   npx tsx scripts/icons/build.ts
// The SVG is rasterised by a real Chromium (the system one, through puppeteer-core) at each size,
// so small sizes are drawn, not scaled down; the containers are written here (formats below).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { findChrome } from '../../src-main/node/web/findChrome.js';
import { icnsFile, icoFile } from './containers.js';

const dir = join(import.meta.dirname, '..', '..', 'resources', 'icons');
const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

async function render(svg: string, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const executablePath = findChrome();
  if (!executablePath) throw new Error('No Chrome or Chromium found (set AGENTIC_CHROME).');
  const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const out = new Map<number, Buffer>();
    for (const size of sizes) {
      await page.setViewport({ width: size, height: size, deviceScaleFactor: 1 });
      await page.setContent(`<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
      await page.waitForFunction(() => document.images[0]?.complete === true);
      out.set(size, Buffer.from(await page.screenshot({ type: 'png', omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })));
    }
    return out;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const pngs = await render(readFileSync(join(dir, 'icon.svg'), 'utf8'), PNG_SIZES);
  const png = (size: number) => pngs.get(size)!;
  mkdirSync(join(dir, 'png'), { recursive: true });
  for (const [size, data] of pngs) writeFileSync(join(dir, 'png', `${size}x${size}.png`), data);
  writeFileSync(join(dir, 'icon.ico'), icoFile([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, png: png(size) }))));
  writeFileSync(join(dir, 'icon.icns'), icnsFile(png));
  process.stdout.write(`wrote ${pngs.size} PNGs, icon.ico and icon.icns in ${dir}\n`);
}

await main();
