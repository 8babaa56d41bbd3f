// The lint step's import-cycle guard (scripts/check/importCycles.mjs) must fail on a cycle, type-only
// ones included, and pass on the repository itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../../scripts/check/importCycles.mjs');
const check = (root?: string) => spawnSync(process.execPath, root ? [script, root] : [script], { encoding: 'utf8' });

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import cycle guard', () => {
  it('names both modules of a cycle and exits 1', () => {
    const root = tree({
      'src-main/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'src-main/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('src-main/a.ts <-> src-main/b.ts');
  });

  it('counts a type-only import as part of a cycle', () => {
    const root = tree({
      'src-renderer/Panel.tsx': "import { Section } from './Section.js';\nexport type Update = () => void;\nexport const Panel = Section;\n",
      'src-renderer/Section.tsx': "import type { Update } from './Panel.js';\nexport const Section = (u: Update) => u;\n",
    });
    expect(check(root).status).toBe(1);
  });

  it('passes a tree without cycles, and the repository itself', () => {
    const root = tree({ 'src-main/a.ts': "import { b } from './b.js';\nexport const a = b;\n", 'src-main/b.ts': 'export const b = 1;\n' });
    expect(check(root).status).toBe(0);
    const repo = check();
    expect(repo.stderr).toBe('');
    expect(repo.status).toBe(0);
  });
});
