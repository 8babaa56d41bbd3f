import { z } from 'zod';
import { AGENT_CHOICES, AGENT_NAMES, COMPLEXITIES } from './agents.js';
import { ScheduleWhenSchema } from './schedules.js';
import { ERROR_CODES } from './errors.js';
import { voiceEventShapes } from './voice.js';
import { PlacementSchema } from './placement.js';
import { selfTestEventShapes } from './selfTest.js';

export const BLOCK_STATUSES = ['ok', 'failed', 'timeout', 'refused', 'declined', 'cancelled', 'error'] as const;
export type BlockStatus = (typeof BLOCK_STATUSES)[number];

const AgentName = z.enum(AGENT_NAMES);
const ErrorDataSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string() });

export const RoutingDecisionSchema = z.object({
  agent: AgentName,
  complexity: z.enum(COMPLEXITIES),
  language: z.string(),
  confidence: z.object({ agent: z.number(), complexity: z.number() }),
});
export type RoutingDecision = z.infer<typeof RoutingDecisionSchema>;

export const BlockResultSchema = z.object({
  blockId: z.string(),
  tool: z.string(),
  status: z.enum(BLOCK_STATUSES),
  success: z.boolean(),
  exitCode: z.number().int().nullable(),
  output: z.string(),
  savedTo: z.string().nullable(),
  durationMs: z.number(),
});
export type BlockResult = z.infer<typeof BlockResultSchema>;

export const PlanStepStatus = z.enum(['pending', 'running', 'done', 'failed', 'skipped']);
export const PlanStepViewSchema = z.object({
  id: z.string(),
  agent: AgentName,
  task: z.string(),
  need: z.array(z.string()),
  status: PlanStepStatus,
  output: z.string().default(''),
});
export type PlanStepView = z.infer<typeof PlanStepViewSchema>;

export const MODEL_LOAD_STATUSES = ['loading', 'loaded', 'failed'] as const;
/** The embedded model's load, as the header shows it; `model` is the file's name. */
export const ModelLoadSchema = z.object({
  model: z.string(),
  status: z.enum(MODEL_LOAD_STATUSES),
  progress: z.number().min(0).max(1),
  message: z.string().nullable(),
  /** Once loaded: GPU layers and context size as node-llama-cpp loaded them (issue 27). */
  placement: PlacementSchema.nullable().optional(),
});
export type ModelLoad = z.infer<typeof ModelLoadSchema>;

/** Fields every event carries. turnId is null for events that belong to no turn (downloads, sessions). */
const base = { seq: z.number().int(), sessionId: z.string().nullable(), turnId: z.string().nullable() };
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...base, ...shape });

export const EventSchema = z.discriminatedUnion('type', [
  ev('turn.started', { request: z.string() }),
  ev('agent.selected', {
    agent: AgentName,
    reason: z.enum(['user', 'router', 'fallback', 'planner']),
    routing: RoutingDecisionSchema.nullable(),
  }),
  ev('llm.started', { call: z.number().int(), agent: AgentName }),
  ev('answer.delta', { call: z.number().int(), text: z.string() }),
  ev('reasoning.delta', { call: z.number().int(), text: z.string() }),
  /** The reply of one model call once complete, blocks replaced by placeholders (see blockPlaceholder). */
  ev('reply.completed', { call: z.number().int(), agent: AgentName, text: z.string(), reasoning: z.string() }),
  ev('block.started', {
    blockId: z.string(),
    call: z.number().int(),
    tool: z.string(),
    code: z.string(),
    savePath: z.string().nullable(),
  }),
  ev('terminal.output', { blockId: z.string(), data: z.string() }),
  ev('block.finished', BlockResultSchema.shape),
  ev('approval.requested', {
    approvalId: z.string(),
    blockId: z.string().nullable(),
    tool: z.string(),
    command: z.string(),
    reasons: z.array(z.string()),
  }),
  ev('approval.resolved', { approvalId: z.string(), approved: z.boolean() }),
  ev('plan.updated', { steps: z.array(PlanStepViewSchema) }),
  ev('browser.navigated', { url: z.string(), title: z.string() }),
  ev('browser.frame', { mime: z.string(), data: z.string() }),
  ev('context.compacted', { beforeTokens: z.number(), afterTokens: z.number() }),
  // Work larger than the context (issue 29): a long text read part by part, a text kept as a workspace file.
  ev('work.progress', { stage: z.enum(['part', 'combine']), part: z.number().int(), parts: z.number().int() }),
  ev('input.stored', { path: z.string(), chars: z.number().int(), tokens: z.number().int() }),
  /** A memory was added, proposed by an agent, confirmed, edited or removed. */
  ev('memory.changed', { id: z.number().int(), status: z.enum(['active', 'proposed', 'removed']), text: z.string() }),
  /** A request that asks for work on a schedule (issue 31): shown under the turn, saved only when the user clicks Save. */
  ev('schedule.proposed', { request: z.string(), when: ScheduleWhenSchema, describe: z.string(), agent: z.enum(AGENT_CHOICES) }),
  ev('turn.done', { agent: AgentName, answer: z.string(), reasoning: z.string(), llmCalls: z.number().int() }),
  ev('turn.failed', { error: ErrorDataSchema }),
  ev('turn.cancelled', {}),
  ev('sessions.changed', {}),
  ev('model.progress', { modelId: z.string(), receivedBytes: z.number(), totalBytes: z.number().nullable(), done: z.boolean() }),
  /** The embedded model (llama.cpp) being read into memory: progress 0..1, then loaded or failed (message in words). */
  ev('model.loadProgress', ModelLoadSchema.shape),
  ev('mcp.status', { server: z.string(), status: z.enum(['stopped', 'starting', 'ready', 'failed']), message: z.string() }),
  /** Electron: files and folders dropped from the system being copied into the workspace. */
  ev('workspace.importProgress', {
    copiedBytes: z.number(),
    totalBytes: z.number(),
    copiedFiles: z.number().int(),
    totalFiles: z.number().int(),
    current: z.string(),
    done: z.boolean(),
  }),
  // Checkpoints (issue 19): what a turn changed in the workspace, and undo/redo done.
  ev('checkpoint.recorded', {
    filesChanged: z.number().int(),
    unrestorable: z.number().int(),
    paths: z.array(z.object({ path: z.string(), kind: z.enum(['created', 'modified', 'deleted', 'renamed', 'mode']) })),
  }),
  ev('checkpoint.restored', { direction: z.enum(['undo', 'redo']), turns: z.array(z.string()), restored: z.number().int() }),
  // Voice (issue 17)
  ev('voice.state', voiceEventShapes['voice.state']),
  ev('voice.transcript', voiceEventShapes['voice.transcript']),
  ev('voice.speaking', voiceEventShapes['voice.speaking']),
  ev('voice.error', voiceEventShapes['voice.error']),
  ev('voice.toggle', voiceEventShapes['voice.toggle']),
  /** The model self-test running in the app (issue 25). */
  ev('selftest.progress', selfTestEventShapes['selftest.progress']),
]);
export type AppEvent = z.infer<typeof EventSchema>;
export type EventType = AppEvent['type'];
export type EventOf<T extends EventType> = Extract<AppEvent, { type: T }>;
/** What an emitter supplies; the bus stamps seq. */
export type EventInput = AppEvent extends infer E ? (E extends AppEvent ? Omit<E, 'seq'> : never) : never;

export { BLOCK_PLACEHOLDER_RE, blockPlaceholder } from './placeholders.js';
