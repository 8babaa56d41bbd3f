// The model self-test's kept results (issue 25), as the app reads them: one file per model under
// `<agentic home>/model-tests/`, written by `agentic models test`. Isomorphic: the schemas, the file
// key of a model, and the warning shown when a turn goes to an agent the model failed.
import { z } from 'zod';
import { AGENT_NAMES, type AgentName } from './agents.js';

export const SelfTestAgentScoreSchema = z.object({
  agent: z.enum(AGENT_NAMES),
  passed: z.boolean(),
  score: z.number().min(0).max(1),
  seconds: z.number().min(0),
  /** The names of the checks that did not hold. */
  failed: z.array(z.string()),
  /** Set when the task could not run at all. */
  error: z.string().optional(),
});

/**
 * Prompt processing and generation in tokens per second over the battery's model calls. `source`
 * says how honest the figures are: 'engine' (the embedded engine's own token counts), 'server' (the
 * model server's counts, timed here, network included), 'estimated' (no counts: about four
 * characters a token).
 */
export const SelfTestSpeedSchema = z.object({
  promptPerSecond: z.number().min(0).nullable(),
  generationPerSecond: z.number().min(0).nullable(),
  source: z.enum(['engine', 'server', 'estimated']),
});
export type SelfTestSpeed = z.infer<typeof SelfTestSpeedSchema>;

export const SelfTestResultSchema = z.object({
  /** ISO time the battery finished. */
  date: z.string(),
  /** The model's key (selfTestModelKey), also the file's name. */
  model: z.string(),
  score: z.number().min(0).max(1),
  passed: z.number().int().min(0),
  of: z.number().int().min(0),
  seconds: z.number().min(0),
  interrupted: z.boolean(),
  agents: z.array(SelfTestAgentScoreSchema),
  speed: SelfTestSpeedSchema.optional(),
});
export type SelfTestResult = z.infer<typeof SelfTestResultSchema>;
export type SelfTestAgentScore = z.infer<typeof SelfTestAgentScoreSchema>;

/** Where the battery is, while it runs in the app (Settings → Models → "Test this model"). */
export const SelfTestProgressSchema = z.object({
  state: z.enum(['running', 'done', 'stopped', 'failed']),
  model: z.string(),
  /** The agent whose task runs now; null between tasks and at the end. */
  agent: z.enum(AGENT_NAMES).nullable(),
  /** The tasks finished so far, in battery order. */
  done: z.array(SelfTestAgentScoreSchema),
  of: z.number().int().min(0),
  /** Why the battery could not run (state failed). */
  error: z.string().nullable(),
});
export type SelfTestProgress = z.infer<typeof SelfTestProgressSchema>;

export const selfTestEventShapes = { 'selftest.progress': SelfTestProgressSchema.shape } as const;

export const selfTestCommands = {
  /** Every kept self-test result, newest first, and the key of the model configured now. */
  'models.testResults': {
    input: z.object({}).strict(),
    output: z.object({ current: z.string(), results: z.array(SelfTestResultSchema) }),
  },
  /**
   * Runs the battery in the app against the configured model (the provider already loaded, never a
   * second copy), in a scratch workspace and data folder; progress comes as `selftest.progress`
   * events, the result is kept like the CLI's. Refused while a test runs.
   */
  'models.test': { input: z.object({}).strict(), output: z.object({ model: z.string(), of: z.number().int() }) },
  /** Stops the running test: the model call and the block running now are cancelled. */
  'models.testStop': { input: z.object({}).strict(), output: z.object({ stopped: z.boolean() }) },
} as const;

/** The key a model's result is kept under: provider kind and model file or name, safe as a file name. */
export function selfTestModelKey(kind: string, model: string): string {
  // A GGUF given by path is named by its file (either separator: the path may come from Windows).
  const name = (model || 'default').split(/[\\/]/).pop() || 'default';
  return `${kind}-${name}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
}

/** The configured model's result among those kept, or null when it was never tested. */
export function currentResult(results: { current: string; results: readonly SelfTestResult[] } | null): SelfTestResult | null {
  return results?.results.find((r) => r.model === results.current) ?? null;
}

/**
 * The line shown before a turn that goes to `agent`, when the model's last self-test failed that
 * agent's task; null otherwise (never tested, passed, or the agent was not in the battery).
 */
export function selfTestWarning(agent: AgentName | null, result: SelfTestResult | null): string | null {
  if (!agent || !result) return null;
  const score = result.agents.find((a) => a.agent === agent);
  if (!score || score.passed) return null;
  // Stopped by the user (Ctrl+C): the task cut short was not failed by the model.
  if (result.interrupted && score.error && score === result.agents.at(-1)) return null;
  const day = result.date.slice(0, 10);
  return `This model failed the ${agent} self-test on ${day} (score ${score.score.toFixed(2)}); answers may be unreliable.`;
}

/** "prompt 812 t/s, generation 23.4 t/s (engine counts)": the line the CLI and Settings show. */
export function describeSpeed(s: SelfTestSpeed | undefined): string {
  if (!s) return 'speed not measured';
  const f = (n: number | null) => (n === null ? 'n/a' : `${n} t/s`);
  const how = s.source === 'engine' ? "the engine's token counts" : s.source === 'server' ? "the server's token counts" : 'estimated, about 4 characters a token';
  return `prompt ${f(s.promptPerSecond)}, generation ${f(s.generationPerSecond)} (${how})`;
}
