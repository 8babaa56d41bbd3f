// The workspace listing (flat paths, folders included) as the rows of a tree whose folders fold.
import type { WorkspaceEntry } from './workspace.js';

export interface TreeRow {
  entry: WorkspaceEntry;
  name: string;
  depth: number;
}

const parentOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** Rows in tree order (folders first, then files, by name); children of a collapsed folder are left out. */
export function treeRows(entries: readonly WorkspaceEntry[], collapsed: ReadonlySet<string>): TreeRow[] {
  const children = new Map<string, WorkspaceEntry[]>();
  for (const e of entries) {
    const parent = parentOf(e.path.replace(/\\/g, '/'));
    children.set(parent, [...(children.get(parent) ?? []), e]);
  }
  const rows: TreeRow[] = [];
  const visit = (dir: string, depth: number): void => {
    const list = [...(children.get(dir) ?? [])].sort((a, b) => Number(b.dir) - Number(a.dir) || a.path.localeCompare(b.path));
    for (const entry of list) {
      const path = entry.path.replace(/\\/g, '/');
      rows.push({ entry, name: path.slice(path.lastIndexOf('/') + 1), depth });
      if (entry.dir && !collapsed.has(path)) visit(path, depth + 1);
    }
  };
  visit('', 0);
  return rows;
}
