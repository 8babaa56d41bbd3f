import { z } from 'zod';

export const PROVIDER_KINDS = ['llama', 'openai', 'ollama', 'anthropic', 'replay'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const McpServerSchema = z.discriminatedUnion('transport', [
  z.object({
    name: z.string().min(1).max(64).regex(/^[\w.-]+$/),
    transport: z.literal('stdio'),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string()).default({}),
    trusted: z.boolean().default(false),
    trustedTools: z.array(z.string()).default([]),
  }),
  z.object({
    name: z.string().min(1).max(64).regex(/^[\w.-]+$/),
    transport: z.literal('http'),
    url: z.string().url(),
    headers: z.record(z.string()).default({}),
    trusted: z.boolean().default(false),
    trustedTools: z.array(z.string()).default([]),
  }),
]);
export type McpServerConfig = z.infer<typeof McpServerSchema>;

export const ProviderSettingsSchema = z.object({
  kind: z.enum(PROVIDER_KINDS).default('llama'),
  /** Catalogue id or GGUF path (llama), model name (HTTP providers). */
  model: z.string().default(''),
  baseUrl: z.string().default(''),
  /** Never stored in plain text by the Electron host: see the secret store. Empty = none. */
  apiKeyRef: z.string().default(''),
  /** Context size asked of providers that need it said (Ollama's num_ctx); 0 = the model's own. */
  contextSize: z.number().int().min(0).default(0),
  threads: z.number().int().min(0).default(0),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

export const SettingsSchema = z.object({
  provider: ProviderSettingsSchema.default({}),
  workspace: z.string().default(''),
  sandbox: z.object({ network: z.boolean().default(true) }).default({}),
  approval: z.object({ mode: z.enum(['ask-risky', 'ask-all', 'allow-all']).default('ask-risky') }).default({}),
  blockTimeoutSec: z.number().int().min(1).max(86_400).default(300),
  compileTimeoutSec: z.number().int().min(1).max(3_600).default(60),
  maxAttempts: z.number().int().min(1).max(50).default(5),
  searxngUrl: z.string().default(''),
  mcpServers: z.array(McpServerSchema).default([]),
  language: z.string().default('auto'),
});
export type Settings = z.infer<typeof SettingsSchema>;
/** A partial update: objects merge key by key, arrays and scalars replace. */
export const SettingsPatchSchema = z
  .object({
    provider: ProviderSettingsSchema.partial(),
    workspace: z.string(),
    sandbox: z.object({ network: z.boolean() }).partial(),
    approval: z.object({ mode: z.enum(['ask-risky', 'ask-all', 'allow-all']) }).partial(),
    blockTimeoutSec: z.number().int().min(1).max(86_400),
    compileTimeoutSec: z.number().int().min(1).max(3_600),
    maxAttempts: z.number().int().min(1).max(50),
    searxngUrl: z.string(),
    mcpServers: z.array(McpServerSchema),
    language: z.string(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
