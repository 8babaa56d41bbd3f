// A model of a catalogue (the chat models' and the speech models' alike), as the Settings lists show it.
import { z } from 'zod';

/** The generation speed below which an agent feels stuck (each coder or web step is a model call). */
export const USABLE_GENERATION_TPS = 10;

/** A speed as people read it: "about 25 tokens/s", "under 1 token/s". */
export function formatSpeed(tps: number): string {
  if (tps < 1) return 'under 1 token/s';
  const rounded = tps < 10 ? Math.round(tps) : tps < 100 ? Math.round(tps / 5) * 5 : Math.round(tps / 10) * 10;
  return `about ${rounded} ${rounded === 1 ? 'token' : 'tokens'}/s`;
}

export const ModelEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  license: z.string(),
  source: z.string(),
  installed: z.boolean(),
  fits: z.boolean(),
  recommended: z.boolean(),
  active: z.boolean(),
  /** Expected (or, once it ran here, measured) tokens a second on this machine; absent when unknown. */
  speed: z.object({ generation: z.number(), promptReading: z.number(), basis: z.enum(['estimate', 'measured']), engine: z.string() }).optional(),
  /** Why this model is the recommended one ("about 25 tokens/s here: …"); only on the recommended entry. */
  reason: z.string().optional(),
});
export type ModelEntry = z.infer<typeof ModelEntrySchema>;
