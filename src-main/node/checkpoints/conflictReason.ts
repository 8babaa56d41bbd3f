// Why an undo or redo is refused: the first conflicting path, how many more, and what to do.
export function conflictReason(conflicts: { path: string; byTurn: string | null }[], direction: 'undo' | 'redo'): string {
  const first = conflicts[0]!;
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more)` : '';
  if (first.byTurn) {
    return direction === 'undo'
      ? `${first.path}${more} was changed again by a later turn (${first.byTurn}); undo the later turns too to go back to that point.`
      : `${first.path}${more} depends on an earlier undone turn (${first.byTurn}); redo it too.`;
  }
  return `${first.path}${more} was changed outside the agent's turns since; the ${direction} would overwrite that change.`;
}
