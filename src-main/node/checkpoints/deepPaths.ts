// Trees deeper than the system's path limit. Checkpoints name every file by its whole path, and the
// kernel refuses a path of PATH_MAX bytes or more (ENAMETOOLONG): a block that makes a folder tree
// one level at a time (3,000 levels of `d/`) gets below that limit. On Linux the scan and the
// restore reach such paths in hops (shortPaths.ts). Elsewhere they cannot see or reach it: undo and
// redo then find the folder at the limit not empty and refuse, and this names the real cause
// instead of "changed outside the agent's turns".
import { join } from 'node:path';
import { deepPathsReachable } from './shortPaths.js';

/** Linux's PATH_MAX (macOS's is 1,024; a longer path fails there sooner, with the same error). */
const PATH_MAX = 4096;

/** Whether the workspace path `rel` under `root` is at or beyond the path limit. */
export const beyondPathLimit = (root: string, rel: string): boolean => Buffer.byteLength(join(root, rel)) >= PATH_MAX;

/** A path of hundreds of levels, shortened for a message: its first levels and its depth. */
function shortened(rel: string): string {
  const parts = rel.split('/');
  return parts.length <= 6 ? rel : `${parts.slice(0, 3).join('/')}/…/${parts.at(-1)!} (${parts.length} levels)`;
}

/** The reason to give when a conflict lies beyond the path limit; null when none does. */
export function tooDeepReason(root: string, conflicts: readonly { path: string }[], direction: 'undo' | 'redo'): string | null {
  // On Linux the scan and the restore reach such paths in hops (shortPaths.ts): a conflict there is an ordinary one.
  if (deepPathsReachable) return null;
  const deep = conflicts.find((c) => beyondPathLimit(root, c.path));
  if (!deep) return null;
  const top = deep.path.split('/')[0]!;
  return (
    `${shortened(deep.path)} lies beyond the system's path limit (${PATH_MAX} bytes): checkpoints cannot see or restore ` +
    `what is below it, so the ${direction} is refused and nothing was changed. Remove that tree by hand (rm -rf ${top} in the workspace).`
  );
}
