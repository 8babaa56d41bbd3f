// `npm run web` works straight after `npm ci`: the renderer is built on first start (and rebuilt
// when its sources are newer than the build).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export async function ensureRendererBuilt(root: string, log: (line: string) => void): Promise<string> {
  const out = join(root, 'out', 'renderer');
  const index = join(out, 'index.html');
  const sources = [join(root, 'src-renderer'), join(root, 'src-main', 'common')];
  const stale = !existsSync(index) || sources.some((dir) => newestMtime(dir) > statSync(index).mtimeMs);
  if (stale) {
    log('building the interface (first start takes a few seconds)…');
    const { build } = await import('vite');
    await build({ configFile: join(root, 'vite.renderer.config.ts'), logLevel: 'warn' });
  }
  return out;
}
