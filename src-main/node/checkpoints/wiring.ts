// Builds the checkpoint service from the settings, and completes whatever a crash interrupted.
import type { Emit, Logger } from '../../core/ports.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { CheckpointService } from './service.js';
import type { CheckpointLimits } from './workspaceStore.js';

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

export function limitsFrom(settings: SettingsStore): () => CheckpointLimits {
  return () => {
    const c = settings.get().checkpoints;
    return { maxFileBytes: c.maxFileMB * MB, maxAgeMs: c.maxAgeDays * DAY, maxStoreBytes: c.maxStoreMB * MB };
  };
}

export async function createCheckpointService(deps: { dataDir: string; settings: SettingsStore; logger: Logger; emit?: Emit }): Promise<CheckpointService> {
  const service = new CheckpointService({ dataDir: deps.dataDir, limits: limitsFrom(deps.settings), logger: deps.logger, emit: deps.emit });
  // The next start completes an interrupted restore (or an interrupted turn's record) before anything else.
  await service.recoverAll().catch((error: unknown) => deps.logger.error('checkpoints: recovery failed', { error: String(error) }));
  return service;
}
