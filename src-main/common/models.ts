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
});
export type ModelEntry = z.infer<typeof ModelEntrySchema>;
