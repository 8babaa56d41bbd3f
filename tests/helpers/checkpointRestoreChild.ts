// A restore in its own process, for the kill -9 test: `checkpointRestoreChild DATA WS TURN undo|redo|die-mid-turn`.
// Each restore step waits a millisecond so a random kill lands in the middle of it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckpointService } from '../../src-main/node/checkpoints/service.js';
import { silentLogger } from '../../src-main/node/logger.js';

const [dataDir, workspace, turnId, direction] = process.argv.slice(2) as [string, string, string, 'undo' | 'redo' | 'die-mid-turn'];
const pause = new Int32Array(new SharedArrayBuffer(4));
const service = new CheckpointService({
  dataDir,
  limits: () => ({ maxFileBytes: 50 * 1024 * 1024, maxAgeMs: 1e12, maxStoreBytes: 1e12 }),
  logger: silentLogger,
  onRestoreOp: () => void Atomics.wait(pause, 0, 0, 1),
});
process.stdout.write('start\n');
if (direction === 'die-mid-turn') {
  // A turn that the app's death interrupts: its scan before is done, a block wrote a file, no scan after.
  await service.begin({ turnId, sessionId: 's', workspace, signal: new AbortController().signal });
  writeFileSync(join(workspace, 'written-before-the-crash.txt'), 'x');
  process.kill(process.pid, 'SIGKILL');
}
const result = await service.storeFor(workspace).restore(turnId, direction as 'undo' | 'redo', false);
process.stdout.write(JSON.stringify(result) + '\n');
