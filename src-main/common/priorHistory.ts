// Earlier messages a new session starts with: the conversation a client of the local API held before it
// asked an agent (Open WebUI, Continue, a script), which the app did not write. The engine keeps them as
// the session's memory; `untrusted` names where a message's text came from when it is not the user's
// own (a tool's result), so the taint rules hold while it stays in the model's context.
import { z } from 'zod';
import { MAX_REQUEST_CHARS } from './limits.js';

export const PriorMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().min(1).max(MAX_REQUEST_CHARS),
  untrusted: z.string().min(1).max(200).optional(),
});
export type PriorMessage = z.infer<typeof PriorMessageSchema>;

/** As many as a chat request may carry (the local API's limit). */
export const PriorHistorySchema = z.array(PriorMessageSchema).max(10_000);
