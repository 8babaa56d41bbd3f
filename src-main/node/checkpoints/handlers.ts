// The checkpoint.* commands.
import type { Handlers } from '../../common/contract.js';
import type { CheckpointService } from './service.js';

export type CheckpointCommands = 'checkpoint.list' | 'checkpoint.changes' | 'checkpoint.diff' | 'checkpoint.undo' | 'checkpoint.redo';

export function createCheckpointHandlers(service: CheckpointService): Pick<Handlers, CheckpointCommands> {
  return {
    'checkpoint.list': async ({ sessionId }) => service.list(sessionId),
    'checkpoint.changes': async ({ turnId }) => service.changes(turnId),
    'checkpoint.diff': async ({ turnId, path }) => service.diff(turnId, path),
    'checkpoint.undo': async ({ turnId, cascade }) => service.restore(turnId, 'undo', cascade),
    'checkpoint.redo': async ({ turnId, cascade }) => service.restore(turnId, 'redo', cascade),
  };
}
