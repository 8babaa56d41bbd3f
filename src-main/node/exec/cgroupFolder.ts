// What the pids and memory cgroups of blocks share: whether the app may write a cgroup file, and
// the folder their per-block cgroups are made in, cleared of those that app processes which have
// ended left behind (each is removed after its block's result returned, so a crash or a kill can
// leave some). Another running app's are left alone: one may be made and not yet entered.
import { access, constants, mkdir, readdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { processAlive } from '../processAlive.js';

export const writable = (file: string): Promise<boolean> =>
  access(file, constants.W_OK).then(
    () => true,
    () => false,
  );

/** Makes `base` (a folder in a cgroup v1 hierarchy) and removes the stale block cgroups in it; null when it cannot be made. */
export async function blocksFolder(base: string): Promise<string | null> {
  const made = await mkdir(base, { recursive: true }).then(
    () => true,
    () => false,
  );
  if (!made) return null;
  for (const name of await readdir(base).catch(() => [] as string[])) {
    const owner = Number(/^block-(\d+)-/.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(owner) && !processAlive(owner)) await rmdir(path.join(base, name)).catch(() => {});
  }
  return base;
}
