// Turns a TypeScript entry file and every relative module it imports into plain ESM JavaScript in
// outDir, so a test can spawn it with bare `node` (~60 ms) instead of a TypeScript loader (~400 ms):
// this matters for tests that start a child process a hundred times.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const REPO = resolve(import.meta.dirname, '../..');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g;

/** Returns the path of the built entry (.js), under outDir with the repository's layout. */
export function transpileForNode(entryTs: string, outDir: string): string {
  const seen = new Set<string>();
  const pending = [resolve(entryTs)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const output = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: file,
    }).outputText;
    const target = join(outDir, relative(REPO, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output);
    for (const match of source.matchAll(RELATIVE_IMPORT)) pending.push(resolve(dirname(file), `${match[1]}.ts`));
  }
  // Bare imports (better-sqlite3, zod) resolve through a link to the repository's node_modules.
  writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(REPO, 'node_modules'), join(outDir, 'node_modules'), 'dir');
  return join(outDir, relative(REPO, resolve(entryTs))).replace(/\.ts$/, '.js');
}
