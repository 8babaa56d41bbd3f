// The desktop app's local API (issue 32): its settings and the commands of Settings → Local API. Off by
// default; loopback unless the user turns LAN access on (with a warning in the panel).
import { z } from 'zod';

export const LocalApiSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** 0: the port it had last time, or any free one. */
  port: z.number().int().min(0).max(65_535).default(0),
  /** Listen on every interface instead of loopback only. */
  lan: z.boolean().default(false),
  /** Browser origins allowed to call it (CORS); none by default. */
  allowedOrigins: z
    .array(z.string().regex(/^https?:\/\/[^/\s]+$/))
    .max(50)
    .default([]),
});
export type LocalApiSettings = z.infer<typeof LocalApiSettingsSchema>;
export const LocalApiSettingsPatchSchema = LocalApiSettingsSchema.partial();

export const LocalApiStatusSchema = z.object({
  enabled: z.boolean(),
  running: z.boolean(),
  /** The OpenAI-compatible base URL (`…/v1`) and the MCP endpoint, while running. */
  baseUrl: z.string().nullable(),
  mcpUrl: z.string().nullable(),
  /** The bearer token clients must send (shown so the user can paste it into a tool). */
  token: z.string(),
  lan: z.boolean(),
  /** Why it is not running although enabled (the port is taken, …). */
  error: z.string().nullable(),
});
export type LocalApiStatus = z.infer<typeof LocalApiStatusSchema>;

const cmd = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O) => ({ input, output });

export const localApiCommands = {
  'localApi.status': cmd(z.object({}).strict(), LocalApiStatusSchema),
  /** Changes the settings and starts, restarts or stops the server to match. */
  'localApi.configure': cmd(LocalApiSettingsPatchSchema.strict(), LocalApiStatusSchema),
  /** A new token; the old one stops working at once. */
  'localApi.rotateToken': cmd(z.object({}).strict(), LocalApiStatusSchema),
} as const;
export type LocalApiCommandName = keyof typeof localApiCommands;
