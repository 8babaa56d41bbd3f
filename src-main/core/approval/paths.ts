// Lexical POSIX path checks for the approval policy (pure: no file system). The workspace guard in
// node/workspace does the real, symlink-aware check when a path is used; this one only decides
// whether a command *aims* outside the workspace.

export function normalizePosix(path: string): string {
  const absolute = path.startsWith('/');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (!absolute) parts.push('..');
    } else parts.push(part);
  }
  return (absolute ? '/' : '') + parts.join('/');
}

/** What is at an absolute path: the judge asks before rewriting an existing file. Null: nothing, or unknown. */
export type FileKind = (absolutePath: string) => 'file' | 'dir' | null;

/**
 * Where a path written in a command lands, given the directory the command runs in; null when that
 * cannot be known (home and variable expansions, or after a `cd` to a place computed at run time).
 */
export function resolveFrom(cwd: string | null, written: string): string | null {
  if (written.startsWith('~') || written.startsWith('$')) return null;
  if (written.startsWith('/')) return normalizePosix(written);
  return cwd === null ? null : normalizePosix(`${cwd}/${written}`);
}

/** Whether an absolute path lies inside the workspace (the workspace itself included). */
export function isInside(workspace: string, absolute: string): boolean {
  const root = normalizePosix(workspace);
  return absolute === root || absolute.startsWith(root === '/' ? '/' : `${root}/`);
}
