// Where each model last ran (GPU layers, context size) as node-llama-cpp loaded it, kept beside the
// models (placements.json) so `agentic doctor`, a separate process that loads no model, can say it too.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { PlacementSchema, type Placement } from '../../common/placement.js';
import type { Logger } from '../../core/ports.js';

const Stored = PlacementSchema.extend({ at: z.string() });
export type StoredPlacement = z.infer<typeof Stored>;

export const placementsFile = (modelsDir: string) => join(modelsDir, 'placements.json');

export function readPlacements(file: string): Record<string, StoredPlacement> {
  try {
    const parsed = z.record(z.string(), Stored).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Records the placement of `modelPath` (a failure to write is logged, never thrown: it is a report). */
export async function recordPlacement(file: string, modelPath: string, placement: Placement, logger: Logger): Promise<void> {
  try {
    const all = { ...readPlacements(file), [modelPath]: { ...placement, at: new Date().toISOString() } };
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(all, null, 2));
    await rename(temporary, file);
  } catch (error) {
    logger.warn('llama: could not keep the placement', { error: String(error) });
  }
}
