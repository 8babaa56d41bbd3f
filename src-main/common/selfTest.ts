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
});
export type SelfTestResult = z.infer<typeof SelfTestResultSchema>;

export const selfTestCommands = {
  /** Every kept self-test result, newest first, and the key of the model configured now. */
  'models.testResults': {
    input: z.object({}).strict(),
    output: z.object({ current: z.string(), results: z.array(SelfTestResultSchema) }),
  },
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
