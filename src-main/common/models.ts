// A model of a catalogue (the chat models' and the speech models' alike), as the Settings lists show it.
import { z } from 'zod';

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
