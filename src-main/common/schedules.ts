// Schedules: a request the agent runs later or repeatedly, unattended. Shared by the contract (the
// Schedules panel), the CLI and the store.
import { z } from 'zod';
import { AGENT_CHOICES } from './agents.js';

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM (24-hour)');

export const ScheduleRuleSchema = z.discriminatedUnion('kind', [
  /** Once, at an instant (ms since the epoch). */
  z.object({ kind: z.literal('once'), at: z.number().int() }),
  /** Every `everyMs` of elapsed time, counted from `anchor`. */
  z.object({
    kind: z.literal('every'),
    everyMs: z
      .number()
      .int()
      .min(60_000)
      .max(366 * 86_400_000),
    anchor: z.number().int(),
  }),
  z.object({ kind: z.literal('daily'), time: HHMM }),
  /** weekdays: 0 = Sunday … 6 = Saturday. */
  z.object({ kind: z.literal('weekly'), time: HHMM, weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7) }),
  z.object({ kind: z.literal('cron'), expr: z.string().min(1).max(200) }),
]);
export type ScheduleRule = z.infer<typeof ScheduleRuleSchema>;

/**
 * What an unattended run does when a block needs approval: `ask` waits for the user (notification
 * and the app), `dry-run` describes the step and does not run it, `allow-listed` runs it unasked only
 * when every reason it asks for is one the user ticked (the sandbox applies either way).
 */
export const APPROVAL_POLICIES = ['ask', 'dry-run', 'allow-listed'] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

export const ScheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  request: z.string(),
  rule: ScheduleRuleSchema,
  timeZone: z.string(),
  agent: z.enum(AGENT_CHOICES),
  workspace: z.string().nullable(),
  model: z.string().nullable(),
  /** Seconds a run may take before it is cancelled. */
  timeBudgetSec: z.number().int().positive(),
  /** Tokens a run may use (prompt and reply) before it is cancelled; null: no limit. */
  tokenBudget: z.number().int().positive().nullable(),
  approval: z.enum(APPROVAL_POLICIES),
  /** allow-listed: substrings of approval reasons the user ticked (e.g. "deletes files"). */
  allowRules: z.array(z.string()),
  /** Run a missed time once at the next chance (else it is recorded as missed). */
  catchUp: z.boolean(),
  /** Consecutive failed runs that pause the schedule. */
  maxFailures: z.number().int().min(1).max(100),
  /** Where the OS job is registered ("systemd: PATH", "crontab", …), null when it is not. */
  osJob: z.string().nullable().default(null),
  nextRunAt: z.number().nullable(),
  paused: z.boolean(),
  pausedReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.number(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const RUN_STATUSES = ['running', 'done', 'failed', 'cancelled', 'missed', 'waiting-approval'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const ScheduleRunSchema = z.object({
  id: z.number().int(),
  scheduleId: z.string(),
  /** The occurrence this run is for (ms); unique per schedule, which is what lets only one runner claim it. */
  dueAt: z.number(),
  status: z.enum(RUN_STATUSES),
  /** Who ran it: the open app, the OS job, or run-now. */
  runner: z.string(),
  sessionId: z.string().nullable(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  tokens: z.number().int().nullable(),
  /** Files the run changed in the workspace (undo them with the session's per-turn undo). */
  changedFiles: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ScheduleRun = z.infer<typeof ScheduleRunSchema>;

export const NewScheduleSchema = z.object({
  request: z.string().trim().min(1).max(20_000),
  name: z.string().trim().max(200).optional(),
  rule: ScheduleRuleSchema,
  timeZone: z.string().min(1).max(100).optional(),
  agent: z.enum(AGENT_CHOICES).default('auto'),
  workspace: z.string().max(4096).nullable().default(null),
  model: z.string().max(4096).nullable().default(null),
  timeBudgetSec: z.number().int().positive().max(86_400).default(1800),
  tokenBudget: z.number().int().positive().nullable().default(null),
  approval: z.enum(APPROVAL_POLICIES).default('ask'),
  allowRules: z.array(z.string().min(1).max(200)).max(100).default([]),
  catchUp: z.boolean().default(true),
  maxFailures: z.number().int().min(1).max(100).default(3),
});
export type NewSchedule = z.input<typeof NewScheduleSchema>;
