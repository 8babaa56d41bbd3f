// Data files under resources/ that a module reads by its own location. From the sources
// (src-main/node/X/) or a build's chunk (out/main/chunks/, out/cli/chunks/), three folders up is the
// app; packaged, that is app.asar, and the files are electron-builder extraResources beside it
// (electron-builder.yml), since app.asar ships no resources/ folder.
import { dirname, join, resolve } from 'node:path';

/** `moduleDir`: the caller's folder (dirname of its import.meta.url), three levels below the app. */
export function bundledResource(moduleDir: string, ...path: string[]): string {
  const root = resolve(moduleDir, '../../..');
  return root.endsWith('.asar') ? join(dirname(root), ...path) : join(root, 'resources', ...path);
}
