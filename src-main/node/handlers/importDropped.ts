// workspace.importDropped: copies the user's last drop from the system into the workspace, with
// progress events at most every 100 ms (a folder of many small files would flood the UI otherwise).
import type { CommandOutput } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { Emit } from '../../core/ports.js';
import { copyIntoWorkspace, type CopyProgress } from '../workspace/copyIn.js';

const PROGRESS_EVERY_MS = 100;

export async function importDropped(workspace: string, droppedPaths: (() => Promise<string[]>) | undefined, emit: Emit): Promise<CommandOutput<'workspace.importDropped'>> {
  if (!droppedPaths) throw new AppError('BAD_INPUT', 'Dropping folders from the system works in the desktop app; here, drop files to upload them.');
  const paths = await droppedPaths();
  if (paths.length === 0) return { saved: [], skipped: [] };
  let last = 0;
  const report = (p: CopyProgress, done: boolean) => emit({ type: 'workspace.importProgress', sessionId: null, turnId: null, ...p, done });
  let latest: CopyProgress = { copiedBytes: 0, totalBytes: 0, copiedFiles: 0, totalFiles: 0, current: '' };
  try {
    const result = await copyIntoWorkspace(workspace, paths, {
      onProgress: (p) => {
        latest = p;
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        report(p, false);
      },
    });
    return { saved: result.saved, skipped: result.skipped };
  } finally {
    report(latest, true);
  }
}
