import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, prompts/ and resources/, from source (tsx) or a build (out/). */
export function findAppRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && existsSync(join(dir, 'prompts'))) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'agentic') return dir;
      } catch {
        // keep looking upwards
      }
    }
    dir = dirname(dir);
  }
  throw new Error('Cannot find the application folder (package.json with prompts/).');
}

/** Where the CLI and web host keep sessions, settings and models: $AGENTIC_HOME or ~/.agentic. */
export function defaultDataDir(): string {
  return process.env.AGENTIC_HOME ? resolve(process.env.AGENTIC_HOME) : join(homedir(), '.agentic');
}
