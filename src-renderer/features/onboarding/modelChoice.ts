// Pure pieces of the first-run screen: when to show it, which catalogue models to offer, and how a
// download's speed and time left read.
import type { AppInfo, CommandOutput } from '../../../src-main/common/contract.js';
import { formatSpeed, USABLE_GENERATION_TPS } from '../../../src-main/common/models.js';
import { findProvider } from '../../../src-main/common/providers.js';

export type ModelEntry = CommandOutput<'models.list'>[number];

/** No model to talk to: the embedded engine is chosen and no installed model is the active one. */
export function needsModel(info: AppInfo | null, models: readonly ModelEntry[] | null): boolean {
  if (!info || !models || !findProvider(info.provider.kind)?.embedded) return false;
  return !models.some((m) => m.active && m.installed);
}

/**
 * Up to `count` catalogue models that fit: the recommended one first, then those fast enough here
 * (largest, most capable first), then the slower ones (fastest first); the smallest if none fits.
 */
export function recommendedModels(models: readonly ModelEntry[], count = 3): ModelEntry[] {
  const catalogue = models.filter((m) => m.source.startsWith('hf:') || !m.source.startsWith('/'));
  const usable = (m: ModelEntry) => !m.speed || m.speed.generation >= USABLE_GENERATION_TPS;
  const fitting = catalogue
    .filter((m) => m.fits)
    .sort(
      (a, b) =>
        Number(b.recommended) - Number(a.recommended) ||
        Number(usable(b)) - Number(usable(a)) ||
        (usable(a) ? b.sizeBytes - a.sizeBytes : (b.speed?.generation ?? 0) - (a.speed?.generation ?? 0)),
    );
  if (fitting.length > 0) return fitting.slice(0, count);
  return [...catalogue].sort((a, b) => a.sizeBytes - b.sizeBytes).slice(0, 1);
}

/** "about 25 tokens/s" (the estimate or, once the model ran here, the measured speed); '' when unknown. */
export function speedText(model: ModelEntry): string {
  if (!model.speed) return '';
  return `${formatSpeed(model.speed.generation)} here${model.speed.basis === 'measured' ? ' (measured)' : ''}`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(0, Math.round(bytes / 1024))} KB`;
}

export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

export interface RateSample {
  at: number;
  bytes: number;
}

/** Bytes a second over the last few seconds of samples (a moving window, so a stall shows soon). */
export function downloadRate(samples: readonly RateSample[], windowMs = 5000): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find((s) => last.at - s.at <= windowMs) ?? last;
  const seconds = (last.at - first.at) / 1000;
  return seconds > 0 ? Math.max(0, (last.bytes - first.bytes) / seconds) : 0;
}
