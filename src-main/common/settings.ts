import { z } from 'zod';
import { APPROVAL_MODE_IDS, DEFAULT_APPROVAL_MODE } from './approvalModes.js';
import { LocalApiSettingsSchema } from './localApi.js';
import { PROVIDER_KINDS } from './providers.js';
import { patchSchemaOf, type PatchOf } from './patchSchema.js';
import { VoiceSettingsSchema } from './voice.js';

const McpServerName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/);
/** Whether the user trusts the server's tools (all of them, or these by name) to run without asking. */
const mcpTrust = { trusted: z.boolean().default(false), trustedTools: z.array(z.string()).default([]) };

/**
 * A block's sandbox limits, bounds and defaults declared once: the schema, the block runner's
 * fallback (node/exec/sandboxPolicy.ts) and the Settings inputs read them from here.
 */
export const SANDBOX_LIMITS = {
  /** Processes and threads per block. */
  maxProcesses: { min: 16, max: 65_536, default: 1024 },
  /** Private writable memory per process of a block, MiB. */
  memoryMiB: { min: 64, max: 1_048_576, default: 4096 },
  /** Size of the block's private /tmp and /dev/shm each, MiB. */
  tmpMiB: { min: 1, max: 1_048_576, default: 512 },
} as const;
const sandboxLimit = (b: { min: number; max: number; default: number }) => z.number().int().min(b.min).max(b.max).default(b.default);

export const McpServerSchema = z.discriminatedUnion('transport', [
  z.object({
    name: McpServerName,
    transport: z.literal('stdio'),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string()).default({}),
    ...mcpTrust,
  }),
  z.object({
    name: McpServerName,
    transport: z.literal('http'),
    url: z.string().url(),
    headers: z.record(z.string()).default({}),
    ...mcpTrust,
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
  /** Which llama.cpp build runs the embedded model: 'auto' picks CUDA → Vulkan → CPU (issue 27). */
  engine: z.enum(['auto', 'cuda', 'vulkan', 'metal', 'cpu']).default('auto'),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

/** A file the user marked untrusted, by identity: device and inode, and the SHA-256 of its content (null when too big to hash). */
const UntrustedFileSchema = z.object({
  dev: z.number(),
  ino: z.number(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type UntrustedFile = z.infer<typeof UntrustedFileSchema>;

export const SettingsSchema = z.object({
  provider: ProviderSettingsSchema.default({}),
  workspace: z.string().default(''),
  sandbox: z
    .object({
      network: z.boolean().default(true),
      // Sandbox limits and consent (issue 16): see docs/sandbox.md.
      /** Run blocks where no sandbox is available: the user accepted the warning (persistent). */
      allowUnsandboxed: z.boolean().default(false),
      maxProcesses: sandboxLimit(SANDBOX_LIMITS.maxProcesses),
      memoryMiB: sandboxLimit(SANDBOX_LIMITS.memoryMiB),
      tmpMiB: sandboxLimit(SANDBOX_LIMITS.tmpMiB),
    })
    .default({}),
  approval: z.object({ mode: z.enum(APPROVAL_MODE_IDS).default(DEFAULT_APPROVAL_MODE) }).default({}),
  blockTimeoutSec: z.number().int().min(1).max(86_400).default(300),
  compileTimeoutSec: z.number().int().min(1).max(3_600).default(60),
  maxAttempts: z.number().int().min(1).max(50).default(5),
  searxngUrl: z.string().default(''),
  /** Blocks one model reply may run; the rest are refused with feedback to the model. */
  maxBlocksPerReply: z.number().int().min(1).max(200).default(20),
  mcpServers: z.array(McpServerSchema).default([]),
  /**
   * Files and folders the user marked untrusted (absolute real paths; a folder covers what is in it):
   * text read from them may carry someone else's instructions, so it taints the session (issue 16).
   */
  untrustedPaths: z.array(z.string().min(1).max(4096)).max(10_000).default([]),
  /** What each marked file is (inode and content hash), so the mark follows it through a rename, a hard link or a copy (issue 26). */
  untrustedFiles: z.array(UntrustedFileSchema).max(10_000).default([]),
  language: z.string().default('auto'),
  /** Voice (issue 17): push-to-talk, speech-to-text, spoken answers. */
  voice: VoiceSettingsSchema.default({}),
  /** Per-turn checkpoints (issue 19): files over maxFileMB are recorded but not kept; the store is pruned by age and size. */
  checkpoints: z
    .object({
      maxFileMB: z.number().min(0).max(100_000).default(50),
      maxAgeDays: z.number().min(0).max(3650).default(30),
      maxStoreMB: z.number().min(0).max(10_000_000).default(5000),
    })
    .default({}),
  /** Memory across sessions (issue 29): off, sent to cloud providers only when allowed, its share of a system prompt. */
  memory: z.object({ enabled: z.boolean().default(true), allowCloud: z.boolean().default(false), maxTokens: z.number().int().min(32).max(8192).default(400) }).default({}),
  /** The OpenAI-compatible local API and MCP over HTTP (issue 32): off by default. */
  localApi: LocalApiSettingsSchema.default({}),
});
export type Settings = z.infer<typeof SettingsSchema>;
/** A partial update: objects merge key by key, arrays and scalars replace. Bounds come from SettingsSchema. */
export const SettingsPatchSchema = patchSchemaOf(SettingsSchema);
export type SettingsPatch = PatchOf<Settings>;
