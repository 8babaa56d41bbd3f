// Each workspace's blocks get a home of their own (HOME, pip's and Go's caches, dotfiles a program
// writes), outside the app's data folder and outside the workspace, so that a block can neither
// read the app's files nor poison another workspace's caches. Under bubblewrap only its declared
// caches persist: the rest is an empty tmpfs per block (sandboxPolicy.ts), so a file planted there
// (Python's usercustomize or a .pth file) cannot run in a later block.
import { createHash } from 'node:crypto';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { DECLARED_CACHES } from './sandboxPolicy.js';

/** Where the private homes live: a sibling of the data folder that no block is ever shown. */
export function defaultHomesDir(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}-sandbox`, 'homes');
}

/** The private home of a workspace, created (0700) on first use with its declared caches (see DECLARED_CACHES). */
export async function privateHome(homesDir: string, workspace: string): Promise<string> {
  const real = await realpath(workspace).catch(() => path.resolve(workspace));
  const id = createHash('sha256').update(real).digest('hex').slice(0, 16);
  const home = path.join(homesDir, id);
  await mkdir(path.join(home, '.cache'), { recursive: true, mode: 0o700 });
  for (const cache of DECLARED_CACHES) await mkdir(path.join(home, cache), { recursive: true, mode: 0o700 });
  return home;
}
