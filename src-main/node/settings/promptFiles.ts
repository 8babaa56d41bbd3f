import { readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { PromptSource } from '../../core/prompts.js';

/** Reads prompts/<name>.md once and keeps it; names cannot leave the prompts folder. */
export function createPromptFiles(dir: string): PromptSource {
  const cache = new Map<string, string>();
  return {
    get(name: string): string {
      const hit = cache.get(name);
      if (hit !== undefined) return hit;
      const file = normalize(join(dir, `${name}.md`));
      if (!file.startsWith(normalize(dir) + sep)) throw new Error(`bad prompt name: ${name}`);
      const text = readFileSync(file, 'utf8');
      cache.set(name, text);
      return text;
    },
  };
}
