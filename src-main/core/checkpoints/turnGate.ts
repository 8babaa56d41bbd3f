// A turn's checkpoint without making the turn wait for it: the scan before the turn starts with
// the turn and overlaps the model's first call; the first block waits for it (blocks reach the
// workspace only through the judge, so the gate sits there). The scan after the turn runs when
// the agent is done.
import type { BlockJudge, Checkpoints, Logger } from '../ports.js';

type Judge = BlockJudge['judge'];

export interface TurnCheckpoint {
  /** The judge, gated: resolves only once the state before the turn is recorded. */
  judge: Judge;
  /** Records what the turn changed and releases the workspace; never throws. */
  end(): Promise<void>;
}

export function startTurnCheckpoint(
  checkpoints: Checkpoints,
  turn: { sessionId: string; turnId: string; workspace: string; signal: AbortSignal },
  judge: Judge,
  logger: Logger,
): TurnCheckpoint {
  const begun = checkpoints.begin(turn).then(
    (end) => end,
    (error: unknown) => {
      // Cancelled while waiting for the workspace, or the scan failed: the turn goes on without a checkpoint.
      if (!turn.signal.aborted) logger.error('checkpoints: the state before the turn could not be recorded', { error: String(error) });
      return null;
    },
  );
  return {
    judge: async (block, opts) => {
      await begun;
      turn.signal.throwIfAborted();
      return judge(block, opts);
    },
    end: async () => {
      const end = await begun;
      await end?.();
    },
  };
}
