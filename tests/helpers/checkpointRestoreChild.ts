// A restore in its own process, for the kill -9 test: `tsx checkpointRestoreChild.ts DATA WS TURN undo|redo`.
// Each restore step waits a millisecond so a random kill lands in the middle of it.
import { CheckpointService } from '../../src-main/node/checkpoints/service.js';
import { silentLogger } from '../../src-main/node/logger.js';

const [dataDir, workspace, turnId, direction] = process.argv.slice(2) as [string, string, string, 'undo' | 'redo'];
const pause = new Int32Array(new SharedArrayBuffer(4));
const service = new CheckpointService({
  dataDir,
  limits: () => ({ maxFileBytes: 50 * 1024 * 1024, maxAgeMs: 1e12, maxStoreBytes: 1e12 }),
  logger: silentLogger,
  onRestoreOp: () => void Atomics.wait(pause, 0, 0, 1),
});
process.stdout.write('start\n');
const result = await service.storeFor(workspace).restore(turnId, direction, false);
process.stdout.write(JSON.stringify(result) + '\n');
