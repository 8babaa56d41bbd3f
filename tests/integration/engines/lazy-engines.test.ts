// The engines with per-platform binaries or a heavy start are never in the main bundle's static
// import graph: a static import of a package whose binary is missing kills the main process while
// its bundle loads, before any fallback can run. Reads the real build (`npm run build`, which
// `npm test` runs before vitest) and follows its static imports from out/main/main.js.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const entry = join(root, 'out', 'main', 'main.js');

/** Loaded where first needed only (loadOptional.ts); a static import of any of them is a defect. */
const LAZY = ['onnxruntime-node', 'node-llama-cpp', '@fugood/whisper.node', 'mupdf', 'puppeteer-core'];

// `import … from "x"`, `import "x"`, `export … from "x"`: the clause before `from` holds no quote or
// parenthesis, so a dynamic import("x") never matches.
const STATIC = /(?:^|[;\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;

function staticSpecifiers(source: string): string[] {
  return [...source.matchAll(STATIC)].map((m) => m[1]!);
}

/** Every bare package specifier reachable from `file` through static imports of local chunks. */
function staticPackages(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const spec of staticSpecifiers(readFileSync(file, 'utf8'))) {
    if (spec.startsWith('.')) for (const p of staticPackages(resolve(dirname(file), spec), seen)) packages.add(p);
    else if (!spec.startsWith('node:')) packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  }
  return packages;
}

describe('lazy engines', () => {
  it('the static-import reader sees static imports and skips dynamic ones', () => {
    const source =
      'import a from "libsql"\nimport { x,\n y } from "./chunks/a.js";\nimport "side-effect";\nexport { z } from "re-export";\nconst m = await import("node-llama-cpp");\nconst s = "import q from \'not-code\'";';
    expect(staticSpecifiers(source)).toEqual(['libsql', './chunks/a.js', 'side-effect', 're-export']);
  });

  it.skipIf(!existsSync(entry))('out/main has no static import of onnxruntime-node, node-llama-cpp, whisper, mupdf or puppeteer-core', () => {
    const packages = staticPackages(entry);
    // The reader found the bundle's real imports, so an empty intersection means something.
    expect([...packages]).toEqual(expect.arrayContaining(['electron', 'libsql', 'node-pty']));
    expect(LAZY.filter((p) => packages.has(p))).toEqual([]);
  });
});
