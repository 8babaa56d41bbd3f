// The files of a workspace the index looks at: every regular file, except version-control and
// dependency folders, caches, and what the user excludes. Symbolic links are not followed, so the
// index never reaches outside the workspace. The walk yields to the event loop as it goes.
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Folders never indexed: version control, dependencies, environments, caches, build trees of tools. */
export const SKIP_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'jspm_packages',
  '.venv',
  'venv',
  '__pycache__',
  'site-packages',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.cache',
  '.gradle',
  'Pods',
  '.next',
  '.nuxt',
  '.yarn',
  '.pnpm-store',
  '.idea',
  '.agentic',
]);

export interface FileStat {
  size: number;
  mtimeMs: number;
}

/** Whether a workspace-relative path is excluded by a user pattern: a name (`drafts`), a path (`notes/old`) or a `*` glob. */
export function excludedBy(patterns: readonly string[]): (rel: string) => boolean {
  const regexes = patterns
    .map((p) => p.trim().replace(/^\.?\/+|\/+$/g, ''))
    .filter(Boolean)
    .map((p) => {
      const body = p
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\u0000/g, '.*');
      // A pattern without a slash matches a name anywhere; with one, a path from the root. Both cover what is under it.
      return new RegExp(p.includes('/') ? `^${body}(/|$)` : `(^|/)${body}(/|$)`);
    });
  return (rel) => regexes.some((re) => re.test(rel));
}

export const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Temporary files of the checkpoints' restore and the watch's sentinel: never indexed. */
const TRANSIENT = /^\.agentic-restore-/;

export interface WalkOptions {
  excluded: (rel: string) => boolean;
  /** Called for each folder (workspace-relative, '' for the root) before it is read: the watch adds it. */
  onFolder?: (rel: string) => void;
  signal?: AbortSignal;
}

/** Files under `rel` (a folder, '' for the root) with their size and modification time. */
export async function walkFiles(root: string, rel: string, options: WalkOptions, into = new Map<string, FileStat>()): Promise<Map<string, FileStat>> {
  const stack = [rel];
  let seen = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    options.signal?.throwIfAborted();
    options.onFolder?.(dir);
    const entries = await readdir(dir ? path.join(root, dir) : root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const child = dir ? `${dir}/${entry.name}` : entry.name;
      if (TRANSIENT.test(entry.name) || options.excluded(child)) continue;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) stack.push(child);
      } else if (entry.isFile()) {
        const info = await lstat(path.join(root, child)).catch(() => null);
        if (info?.isFile()) into.set(child, { size: info.size, mtimeMs: Math.round(info.mtimeMs) });
      }
      if (++seen % 256 === 0) await yieldNow();
    }
  }
  return into;
}

/** The workspace's own exclusions: `.agenticignore` at its root, one pattern a line, `#` for comments. */
export const IGNORE_FILE = '.agenticignore';

export async function ignorePatterns(root: string): Promise<string[]> {
  const text = await readFile(path.join(root, IGNORE_FILE), 'utf8').catch(() => '');
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .slice(0, 1000);
}
