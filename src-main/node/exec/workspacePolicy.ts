// Resolve, then trust: every path the sandbox policy uses is resolved (realpath) before masks, binds
// and checks are computed, since bubblewrap binds a link's target. A workspace given as a link to the
// home folder was checked as the link and bound as the home. Then the workspace is refused when it
// is a place no block may have whole: the root, a system folder, the home folder or a folder that
// holds it, one of the home's private places, or a folder that is or holds one the app keeps hidden
// (its data folder, the private homes). The home folder is refused rather than masked: a deny-list of its secrets is never
// complete, while the rest of the policy is an allow-list.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { HostLayout } from './hostLayout.js';
import { PRIVATE_IN_HOME } from './sandboxPolicy.js';

/** Folders of the system that no workspace may be, lie in or hold (besides the root). */
const SYSTEM_ROOTS = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/boot', '/dev', '/proc', '/sys', '/run', '/var/run'];

const isInside = (root: string, p: string) => p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);

/**
 * The real path of `p`: realpath of its deepest existing ancestor, with the missing rest appended
 * (a hidden folder that does not exist yet still resolves through its linked parents).
 */
export async function resolvedPath(p: string): Promise<string> {
  const missing: string[] = [];
  let current = path.resolve(p);
  for (;;) {
    const real = await realpath(current).catch(() => null);
    if (real !== null) return path.join(real, ...missing.reverse());
    const parent = path.dirname(current);
    if (parent === current) return path.resolve(p);
    missing.push(path.basename(current));
    current = parent;
  }
}

export const resolvedPaths = (paths: readonly string[]): Promise<string[]> => Promise.all(paths.map(resolvedPath));

/**
 * Why a (resolved) workspace may not be given to blocks, or null when it may. `hidden`: the app's
 * own folders (resolved), never shown to a block.
 */
export function unsafeWorkspace(workspace: string, layout: Pick<HostLayout, 'home' | 'topLevel'>, hidden: readonly string[] = []): string | null {
  const ws = path.resolve(workspace);
  if (ws === '/') return 'the workspace is the root folder';
  const system = [...SYSTEM_ROOTS, ...Object.keys(layout.topLevel)].find((d) => isInside(d, ws) || isInside(ws, d));
  if (system) return `the workspace ${ws} ${isInside(system, ws) ? 'is the system folder' : 'contains the system folder'} ${system}`;
  const home = path.resolve(layout.home);
  if (ws === home) return `the workspace ${ws} is your home folder, whose secrets (keys, tokens, histories) a block would see`;
  if (isInside(ws, home)) return `the workspace ${ws} contains your home folder ${home}`;
  const privatePlace = PRIVATE_IN_HOME.map((p) => path.join(home, p)).find((p) => isInside(p, ws));
  if (privatePlace) return `the workspace ${ws} lies in ${privatePlace}, a private place of your home folder`;
  // Lying inside one is allowed: the CLI's default workspace is ~/.agentic/workspace, in its data
  // folder, and a bind of the workspace shows nothing of the folder around it.
  const own = hidden.find((h) => isInside(ws, h));
  if (own) return `the workspace ${ws} ${own === ws ? 'is' : 'contains'} ${own}, a folder of the app that blocks never see`;
  return null;
}
