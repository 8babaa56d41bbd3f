import { z } from 'zod';
import { ENDPOINT_REACHES } from './endpoint.js';
import { AGENT_CHOICES, AGENT_NAMES } from './agents.js';
import { BlockResultSchema, ModelLoadSchema, PlanStepViewSchema, RoutingDecisionSchema } from './events.js';
import { DoctorReportSchema } from './doctor.js';
import { ModelEntrySchema } from './models.js';
import { DETECTABLE_KINDS } from './providers.js';
import { McpServerSchema, SettingsPatchSchema, SettingsSchema } from './settings.js';
import { voiceCommands } from './voice.js';
import { engineCommands } from './engines.js';
import { knowledgeCommands } from './knowledge.js';
import { localApiCommands } from './localApi.js';
import { ChangeViewSchema, CheckpointSummarySchema, FileDiffSchema, RestoreResultSchema } from './checkpoints.js';
import { MAX_REQUEST_CHARS } from './limits.js';
import { PriorHistorySchema } from './priorHistory.js';
import { TurnExtrasSchema } from './turnView.js';
import { memoryCommands } from './memory.js';
import { scheduleCommands } from './schedules.js';
import { selfTestCommands } from './selfTest.js';

/** One table of commands: `domain.verb` → input and output schemas. Handlers are typed from it. */
const cmd = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O) => ({ input, output });
const Empty = z.object({}).strict();
const Id = z.string().min(1).max(128);

export const SessionSchema = z.object({
  id: Id,
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Session = z.infer<typeof SessionSchema>;

export const TurnRecordSchema = z
  .object({
    turnId: Id,
    request: z.string(),
    agent: z.enum(AGENT_NAMES).nullable(),
    status: z.enum(['running', 'done', 'failed', 'cancelled']),
    /** Each model call's reply, blocks replaced by placeholders. */
    replies: z.array(z.object({ call: z.number().int(), text: z.string(), reasoning: z.string() })),
    /** Each block as it ran; `terminal` is the text its terminal showed (colours kept), null for blocks stored before it was kept. */
    blocks: z.array(BlockResultSchema.extend({ code: z.string(), call: z.number().int(), savePath: z.string().nullable(), terminal: z.string().nullable() })),
    answer: z.string(),
    error: z.string().nullable(),
    plan: z.array(PlanStepViewSchema).nullable(),
    createdAt: z.number(),
  })
  .merge(TurnExtrasSchema);
export type TurnRecord = z.infer<typeof TurnRecordSchema>;

export const AppInfoSchema = z.object({
  version: z.string(),
  platform: z.string(),
  host: z.enum(['electron', 'web', 'cli']),
  workspace: z.string(),
  languages: z.array(z.string()),
  sandbox: z.object({ available: z.boolean(), kind: z.string(), warning: z.string().nullable() }),
  provider: z.object({
    kind: z.string(),
    model: z.string(),
    local: z.boolean(),
    /** Where its conversations go (common/endpoint.ts): what Settings and the banner say. */
    reach: z.enum(ENDPOINT_REACHES),
    contextSize: z.number().nullable(),
    /** 'estimate' when the provider has no tokenizer and token counts are approximations. */
    tokenizer: z.enum(['exact', 'estimate']).nullable(),
    hasKey: z.boolean(),
    /** Whether API keys are encrypted by the system's keychain here (else: a file only the user can read). */
    keysEncrypted: z.boolean(),
    /** The embedded model's load: null before it starts (it starts with the first app.info or turn) and for other providers. */
    load: ModelLoadSchema.nullable().optional(),
  }),
  /** What this host can do beyond the common set: `reveal`, the system file manager (the desktop app). */
  capabilities: z.object({ reveal: z.boolean() }).optional(),
  agents: z.array(z.enum(AGENT_NAMES)),
  /**
   * Engines a platform may lack (issue 14). router unavailable: "auto" sends requests to the casual
   * agent, the agent picker chooses the others. localModel: null until first needed; unavailable:
   * use a model server or a cloud provider. `message` says why, in words for the user.
   */
  engines: z
    .object({
      router: z.object({ available: z.boolean().nullable(), message: z.string().nullable() }),
      localModel: z.object({ available: z.boolean().nullable(), message: z.string().nullable() }),
    })
    .optional(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const HardwareSchema = z.object({
  ramBytes: z.number(),
  freeRamBytes: z.number(),
  /** 0 when no GPU was found (or its memory could not be read). */
  vramBytes: z.number(),
  cpuCores: z.number().int(),
  platform: z.string(),
});
export const DetectedServerSchema = z.object({
  /** Ollama, LM Studio, llama.cpp server, vLLM, Jan. */
  name: z.string(),
  /** The provider that speaks to it. */
  provider: z.enum(DETECTABLE_KINDS),
  baseUrl: z.string(),
  models: z.array(z.string()),
});
export type DetectedServer = z.infer<typeof DetectedServerSchema>;

/** The effective sandbox policy of the workspace (`agentic sandbox --explain`, Settings). */
export const SandboxPolicySchema = z.object({
  kind: z.string(),
  available: z.boolean(),
  warning: z.string().nullable(),
  blocksRun: z.boolean(),
  identity: z.string(),
  privileges: z.array(z.string()),
  workspace: z.string(),
  privateHome: z.string(),
  network: z.string(),
  mounts: z.array(z.object({ kind: z.string(), path: z.string(), why: z.string() }).passthrough()),
  hidden: z.array(z.string()),
  env: z.record(z.string()),
  limits: z.object({ processes: z.number(), processLimit: z.string(), memoryMiB: z.number(), memoryLimit: z.string(), tmpMiB: z.number(), tmpLimit: z.string().optional() }),
  command: z.array(z.string()),
});
export type SandboxPolicy = z.infer<typeof SandboxPolicySchema>;

export const commands = {
  'app.info': cmd(Empty, AppInfoSchema),
  /** `history`: earlier messages the session starts with (a local API client's conversation; priorHistory.ts). */
  'session.create': cmd(z.object({ title: z.string().max(200).optional(), history: PriorHistorySchema.optional() }), SessionSchema),
  'session.list': cmd(Empty, z.array(SessionSchema)),
  /** Sessions whose title, requests or answers hold the words (SQLite FTS5), newest first. */
  'session.search': cmd(z.object({ query: z.string().max(200) }), z.array(SessionSchema)),
  // A long session opens on its most recent turns; `earlierTurns` are fetched a page at a time.
  'session.open': cmd(z.object({ id: Id }), z.object({ session: SessionSchema, turns: z.array(TurnRecordSchema), earlierTurns: z.number().int().min(0) })),
  'session.turns': cmd(
    z.object({ id: Id, skip: z.number().int().min(0), limit: z.number().int().min(1).max(500) }),
    z.object({ turns: z.array(TurnRecordSchema), earlierTurns: z.number().int().min(0) }),
  ),
  'session.rename': cmd(z.object({ id: Id, title: z.string().min(1).max(200) }), SessionSchema),
  'session.delete': cmd(z.object({ id: Id }), z.object({ deleted: z.boolean() })),
  /** `proposeSchedule: false`: a request that reads as a schedule runs now (a program sent it; no one would click Save). */
  'turn.send': cmd(
    z.object({ sessionId: Id, text: z.string().min(1).max(MAX_REQUEST_CHARS), agent: z.enum(AGENT_CHOICES).default('auto'), proposeSchedule: z.boolean().optional() }),
    z.object({ turnId: Id }),
  ),
  'turn.cancel': cmd(z.object({ turnId: Id }), z.object({ cancelled: z.boolean() })),
  'approval.answer': cmd(z.object({ approvalId: Id, approved: z.boolean() }), z.object({ accepted: z.boolean() })),
  /** Stores the provider's API key (empty clears it); the key itself is never sent back. */
  'provider.setKey': cmd(z.object({ key: z.string().max(4096) }), z.object({ stored: z.boolean(), encrypted: z.boolean() })),
  /** Electron: where the embedded browser view is laid over the page (the #browser-pane rectangle). */
  'browser.setBounds': cmd(z.object({ x: z.number(), y: z.number(), width: z.number().min(0), height: z.number().min(0) }), z.object({ applied: z.boolean() })),
  /** Electron: the page shows an overlay (drawer, dialog) or no longer does; the native view hides meanwhile. */
  'browser.setOverlay': cmd(z.object({ open: z.boolean() }), z.object({ applied: z.boolean() })),
  'router.route': cmd(z.object({ text: z.string().min(1).max(20_000) }), RoutingDecisionSchema),
  'settings.get': cmd(Empty, SettingsSchema),
  'settings.update': cmd(SettingsPatchSchema, SettingsSchema),
  'sandbox.explain': cmd(Empty, SandboxPolicySchema),
  'models.list': cmd(Empty, z.array(ModelEntrySchema)),
  'models.download': cmd(z.object({ id: Id }), z.object({ path: z.string() })),
  'models.delete': cmd(z.object({ id: Id }), z.object({ deleted: z.boolean() })),
  'models.openLocal': cmd(z.object({ path: z.string().min(1) }), z.object({ id: z.string() })),
  'mcp.list': cmd(Empty, z.array(z.object({ config: McpServerSchema, status: z.string(), tools: z.array(z.string()) }))),
  'mcp.add': cmd(McpServerSchema, z.object({ name: z.string() })),
  'mcp.test': cmd(z.object({ name: z.string() }), z.object({ tools: z.array(z.string()) })),
  'mcp.remove': cmd(z.object({ name: z.string() }), z.object({ removed: z.boolean() })),
  'workspace.list': cmd(Empty, z.array(z.object({ path: z.string(), size: z.number(), dir: z.boolean() }))),
  'workspace.import': cmd(z.object({ files: z.array(z.object({ name: z.string().min(1).max(255), dataBase64: z.string() })).max(100) }), z.object({ saved: z.array(z.string()) })),
  /** Electron: copies what the user just dropped from the system (paths the preload read from the drop itself, never from the page). */
  'workspace.importDropped': cmd(Empty, z.object({ saved: z.array(z.string()), skipped: z.array(z.object({ path: z.string(), reason: z.string() })) })),
  // First run (issue 18): the machine, model servers already running on loopback, download control, native pickers.
  'system.hardware': cmd(Empty, HardwareSchema),
  /** What runs where on this computer and what to do about each problem (Settings → About this computer; `agentic doctor`). */
  'system.doctor': cmd(Empty, DoctorReportSchema),
  'servers.detect': cmd(Empty, z.array(DetectedServerSchema)),
  /** Stops a download; `discard` also deletes what was downloaded (else a later models.download resumes it). */
  'models.cancel': cmd(z.object({ id: Id, discard: z.boolean().default(false) }), z.object({ cancelled: z.boolean() })),
  /** A native file or folder picker where the host has one (Electron); elsewhere native is false and the UI asks for a path. */
  /** The panel's preview of one file: text (up to 512 KB), an image, a PDF's first page as PNG; else binary. */
  'workspace.read': cmd(
    z.object({ path: z.string().min(1).max(4096) }),
    z.object({
      kind: z.enum(['text', 'image', 'pdf', 'binary', 'folder']),
      size: z.number(),
      text: z.string().nullable(),
      mime: z.string().nullable(),
      dataBase64: z.string().nullable(),
      truncated: z.boolean(),
    }),
  ),
  'workspace.delete': cmd(z.object({ path: z.string().min(1).max(4096) }), z.object({ deleted: z.boolean() })),
  /** The workspace's files and folders the user marked untrusted (workspace-relative; '.' when a mark holds the whole workspace). */
  'workspace.untrusted': cmd(Empty, z.object({ untrusted: z.array(z.string()) })),
  /** Marks or unmarks a file or folder as untrusted: text read from it taints the session (issue 16). */
  'workspace.markUntrusted': cmd(z.object({ path: z.string().min(1).max(4096), untrusted: z.boolean() }), z.object({ untrusted: z.array(z.string()) })),
  /** Desktop: shows a file or folder of the workspace in the system's file manager; revealed is false where there is none. */
  'workspace.reveal': cmd(z.object({ path: z.string().min(1).max(4096) }), z.object({ revealed: z.boolean() })),
  'dialog.pick': cmd(z.object({ kind: z.enum(['gguf', 'folder']) }), z.object({ path: z.string().nullable(), native: z.boolean() })),
  // Checkpoints (issue 19): each turn's changes to the workspace, their diffs, undo and redo.
  'checkpoint.list': cmd(z.object({ sessionId: Id }), z.array(CheckpointSummarySchema)),
  'checkpoint.changes': cmd(z.object({ turnId: Id }), z.object({ summary: CheckpointSummarySchema, workspace: z.string(), changes: z.array(ChangeViewSchema) })),
  'checkpoint.diff': cmd(z.object({ turnId: Id, path: z.string().min(1).max(4096) }), FileDiffSchema),
  /** cascade: also undo every later turn (going back to the point before this one). */
  'checkpoint.undo': cmd(z.object({ turnId: Id, cascade: z.boolean().default(false) }), RestoreResultSchema),
  /** cascade: also redo every earlier undone turn. */
  'checkpoint.redo': cmd(z.object({ turnId: Id, cascade: z.boolean().default(false) }), RestoreResultSchema),
  // Voice (issue 17): capture, utterances, transcripts, spoken answers, whisper models.
  ...voiceCommands,
  // Knowledge (issue 30): the workspace's search index.
  ...knowledgeCommands,
  // Memory across sessions (issue 29).
  ...memoryCommands,
  // Local API (issue 32): Settings → Local API.
  ...localApiCommands,
  ...scheduleCommands,
  // The model self-test's kept results (issue 25).
  ...selfTestCommands,
  // GPU engines downloaded on demand (issue 27).
  ...engineCommands,
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>;
export type CommandArgs<K extends CommandName> = z.output<Commands[K]['input']>;
export type CommandOutput<K extends CommandName> = z.output<Commands[K]['output']>;

/** A host must implement every command: a missing key fails `tsc`. */
export type Handlers = { [K in CommandName]: (input: CommandArgs<K>, ctx: CallContext) => Promise<CommandOutput<K>> };
export interface CallContext {
  /** The client that called, so per-client state (event subscriptions) can be told apart. */
  clientId: string;
}

export const isCommandName = (name: unknown): name is CommandName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name);
