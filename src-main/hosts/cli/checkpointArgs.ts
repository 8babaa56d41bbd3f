// The options of `agentic changes`, `undo` and `redo`, parsed apart from the command itself so that
// parsing the command line loads nothing heavy (the command loads the store and the checkpoints).
import { UsageError } from './usageError.js';

export interface CheckpointArgs {
  command: 'changes' | 'undo' | 'redo';
  session?: string;
  /** A 1-based turn number in the session, or a turn id. */
  turn?: string;
  cascade: boolean;
  json: boolean;
  /** The desktop app's sessions and checkpoints instead of the CLI's (they have different data folders). */
  desktop: boolean;
}

export function parseCheckpointArgs(
  command: CheckpointArgs['command'],
  rest: readonly string[],
  v: { session?: string; turn?: string; cascade?: boolean; json?: boolean; desktop?: boolean },
): CheckpointArgs {
  if (rest.length) throw new UsageError(`${command} takes no arguments besides its options (got "${rest[0]}").`);
  if (v.turn !== undefined && !v.turn.trim()) throw new UsageError('--turn needs a turn number (1 is the first) or a turn id.');
  if (v.cascade && command === 'changes') throw new UsageError('--cascade is for undo and redo.');
  return { command, session: v.session, turn: v.turn, cascade: v.cascade ?? false, json: v.json ?? false, desktop: v.desktop ?? false };
}
