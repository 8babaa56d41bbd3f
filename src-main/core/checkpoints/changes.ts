// What a turn changed: manifests compared path by path, renames paired by content, each change
// told as the UI shows it. Pure logic, shared by the store, the handlers and the CLI.
import type { ChangeKind, ChangeView, FsEntry } from '../../common/checkpoints.js';

/** Workspace-relative path ('/'-separated) → its state. */
export type Manifest = Map<string, FsEntry>;

/** One path before and after a turn (null: absent). */
export interface PathChange {
  path: string;
  before: FsEntry | null;
  after: FsEntry | null;
}

/** Same state as far as a restore is concerned: kind, mode and content (folders by mode only: their mtime follows their entries). */
export function sameState(a: FsEntry | null, b: FsEntry | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.kind !== b.kind || a.mode !== b.mode) return false;
  if (a.kind === 'dir') return true;
  if (a.kind === 'link') return a.target === b.target;
  if (a.hash && b.hash) return a.hash === b.hash;
  // Files over the size limit are known by size and modification time only.
  return a.hash === b.hash && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

/** True when the scan can reuse a previous entry's hash without reading the file again. */
export function sameStat(a: FsEntry, b: FsEntry): boolean {
  return a.kind === b.kind && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.mode === b.mode;
}

export function diffManifests(before: Manifest, after: Manifest): PathChange[] {
  const changes: PathChange[] = [];
  for (const [path, b] of before) {
    const a = after.get(path) ?? null;
    if (!sameState(b, a)) changes.push({ path, before: b, after: a });
  }
  for (const [path, a] of after) if (!before.has(path)) changes.push({ path, before: null, after: a });
  return changes.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

/** A file over the size limit on either side: its content was not kept, so neither undo nor redo can bring it back. */
export function isUnrestorable(c: PathChange): boolean {
  return (c.before?.kind === 'file' && c.before.hash === null) || (c.after?.kind === 'file' && c.after.hash === null);
}

const side = (e: FsEntry | null) => (e ? { kind: e.kind, size: e.size, mode: e.mode, hash: e.hash, ...(e.target !== undefined && { target: e.target }) } : null);

function kindOf(c: PathChange): ChangeKind {
  if (!c.before) return 'created';
  if (!c.after) return 'deleted';
  if (c.before.kind === c.after.kind && c.before.mode !== c.after.mode && sameState({ ...c.before, mode: c.after.mode }, c.after)) return 'mode';
  return 'modified';
}

/** Changes as shown: a deleted file and a created file with the same content become one rename. */
export function toChangeViews(changes: readonly PathChange[]): ChangeView[] {
  const createdByHash = new Map<string, PathChange[]>();
  for (const c of changes) {
    if (!c.before && c.after?.kind === 'file' && c.after.hash) {
      const list = createdByHash.get(c.after.hash) ?? [];
      list.push(c);
      createdByHash.set(c.after.hash, list);
    }
  }
  const paired = new Map<PathChange, PathChange>();
  for (const c of changes) {
    if (c.after || c.before?.kind !== 'file' || !c.before.hash) continue;
    const target = createdByHash.get(c.before.hash)?.shift();
    if (target) paired.set(target, c);
  }
  const consumed = new Set(paired.values());
  const views: ChangeView[] = [];
  for (const c of changes) {
    if (consumed.has(c)) continue;
    const from = paired.get(c);
    const entry = (c.after ?? c.before)!.kind;
    const restorable = !isUnrestorable(c);
    if (from) {
      views.push({ path: c.path, from: from.path, kind: 'renamed', entry, before: side(from.before), after: side(c.after), restorable });
    } else {
      views.push({ path: c.path, kind: kindOf(c), entry, before: side(c.before), after: side(c.after), restorable });
    }
  }
  return views;
}

/** "N files changed" counts what a person sees changed: files and links, renames once; folders only when nothing inside explains them. */
export function countChanged(views: readonly ChangeView[]): number {
  const filePaths = views.filter((v) => v.entry !== 'dir').map((v) => v.path);
  const folders = views.filter((v) => v.entry === 'dir' && !filePaths.some((p) => p.startsWith(`${v.path}/`)));
  return filePaths.length + folders.length;
}
