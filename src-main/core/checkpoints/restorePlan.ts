// Undo and redo as plans: which state each path must reach, and what stands in the way. Undoing an
// older turn whose paths later turns changed again is a conflict; undoing the later turns too
// (newest first) goes back to the point before it. Pure: the caller probes the disk.
import type { FsEntry } from '../../common/checkpoints.js';
import { isUnrestorable, sameState, type PathChange } from './changes.js';

export interface TurnChanges {
  turnId: string;
  seq: number;
  state: 'applied' | 'undone';
  changes: readonly PathChange[];
}

export interface RestorePlan {
  /** Path → the state it must reach (null: absent). Only paths that differ from now. */
  targets: Map<string, FsEntry | null>;
  conflicts: { path: string; byTurn: string | null }[];
  skipped: string[];
}

/** The turns to undo for `turnId` (newest first): itself, or with cascade every applied turn after it too. */
export function undoChain(all: readonly TurnChanges[], turnId: string, cascade: boolean): TurnChanges[] {
  const turn = all.find((t) => t.turnId === turnId);
  if (!turn) return [];
  const later = cascade ? all.filter((t) => t.seq > turn.seq && t.state === 'applied') : [];
  return [...later, turn].sort((a, b) => b.seq - a.seq);
}

/** The turns to redo for `turnId` (oldest first): itself, or with cascade every undone turn before it too. */
export function redoChain(all: readonly TurnChanges[], turnId: string, cascade: boolean): TurnChanges[] {
  const turn = all.find((t) => t.turnId === turnId);
  if (!turn) return [];
  const earlier = cascade ? all.filter((t) => t.seq < turn.seq && t.state === 'undone') : [];
  return [...earlier, turn].sort((a, b) => a.seq - b.seq);
}

/** Paths a restore of `chain` reads: probe each one's current state before planning. */
export function pathsOf(chain: readonly TurnChanges[]): string[] {
  return [...new Set(chain.flatMap((t) => t.changes.filter((c) => !isUnrestorable(c)).map((c) => c.path)))];
}

/**
 * Walks the chain over a virtual copy of the current state: each step needs its paths to be in the
 * state the turn left them (undo) or found them (redo). A mismatch names the later turn to blame.
 */
export function planRestore(chain: readonly TurnChanges[], direction: 'undo' | 'redo', current: ReadonlyMap<string, FsEntry | null>, all: readonly TurnChanges[]): RestorePlan {
  const virtual = new Map(current);
  const conflicts: RestorePlan['conflicts'] = [];
  const skipped = new Set<string>();
  for (const turn of chain) {
    for (const c of turn.changes) {
      if (isUnrestorable(c)) {
        skipped.add(c.path);
        continue;
      }
      const expected = direction === 'undo' ? c.after : c.before;
      const now = virtual.has(c.path) ? virtual.get(c.path)! : null;
      if (!sameState(now, expected)) {
        conflicts.push({ path: c.path, byTurn: blame(all, turn, c.path, direction) });
        continue;
      }
      virtual.set(c.path, direction === 'undo' ? c.before : c.after);
    }
  }
  const targets = new Map<string, FsEntry | null>();
  for (const [path, entry] of virtual) {
    const now = current.get(path) ?? null;
    if (!sameState(now, entry)) targets.set(path, entry);
  }
  return { targets, conflicts, skipped: [...skipped].sort() };
}

function blame(all: readonly TurnChanges[], turn: TurnChanges, path: string, direction: 'undo' | 'redo'): string | null {
  const touches = (t: TurnChanges) => t.changes.some((c) => c.path === path);
  if (direction === 'undo') return all.filter((t) => t.seq > turn.seq && t.state === 'applied' && touches(t)).sort((a, b) => b.seq - a.seq)[0]?.turnId ?? null;
  return all.filter((t) => t.seq < turn.seq && t.state === 'undone' && touches(t)).sort((a, b) => a.seq - b.seq)[0]?.turnId ?? null;
}

/** Applied turns after this one, newest first. */
export function laterApplied(all: readonly TurnChanges[], turnId: string): string[] {
  const turn = all.find((t) => t.turnId === turnId);
  if (!turn) return [];
  return all
    .filter((t) => t.seq > turn.seq && t.state === 'applied')
    .sort((a, b) => b.seq - a.seq)
    .map((t) => t.turnId);
}
