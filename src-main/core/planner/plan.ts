// Plans as the model writes them: parsed tolerantly (jsonrepair), validated strictly (zod and graph
// checks), with problems phrased so the model can fix exactly what is wrong.
import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import type { AgentName } from '../../common/agents.js';
import { findPlanJson, normalisePlan } from './planShape.js';

export interface PlanStep {
  id: string;
  agent: AgentName;
  task: string;
  need: string[];
}

const StepSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  agent: z.string().min(1),
  task: z.string().min(1),
  // The original crashed on `"need": null`: null or missing means no dependencies.
  need: z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v.map(String) : [String(v)])),
});
const PlanSchema = z.object({ plan: z.array(StepSchema) });

/** The JSON schema handed to providers that can constrain generation (llama.cpp grammars). */
export function planJsonSchema(agents: readonly string[]): object {
  return {
    type: 'object',
    properties: {
      plan: {
        type: 'array',
        minItems: 1,
        maxItems: 8,
        // Bounded so a grammar-constrained reply always ends well inside the token budget.
        items: {
          type: 'object',
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 8 },
            agent: { enum: [...agents] },
            task: { type: 'string', minLength: 1, maxLength: 400 },
            need: { type: 'array', maxItems: 8, items: { type: 'string', minLength: 1, maxLength: 8 } },
          },
          required: ['id', 'agent', 'task', 'need'],
        },
      },
    },
    required: ['plan'],
  };
}

export type PlanParse = { ok: true; steps: PlanStep[] } | { ok: false; problems: string[] };

/** Finds the plan JSON in a reply: a ```json block, else a plan-like JSON value in the prose (planShape.ts). */
export function extractPlanJson(reply: string, jsonBlock: string | null): string | null {
  if (jsonBlock !== null) return jsonBlock;
  return findPlanJson(reply);
}

export function parsePlan(json: string | null, opts: { agents: readonly string[]; knownIds?: ReadonlySet<string>; truncated?: boolean }): PlanParse {
  if (json === null || !json.trim()) return { ok: false, problems: ['No plan found: reply with one ```json block holding {"plan": [...]}.'] };
  if (opts.truncated) return { ok: false, problems: ['Your reply was cut off before the plan ended; send a shorter plan.'] };
  let data: unknown;
  try {
    data = JSON.parse(jsonrepair(json));
  } catch (error) {
    return { ok: false, problems: [`The plan is not valid JSON (${(error as Error).message}).`] };
  }
  const parsed = PlanSchema.safeParse(normalisePlan(data, opts.agents));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problems: [
        `The plan does not have the expected shape at ${issue?.path.join('.') || 'top level'}: ${issue?.message}. Expected {"plan": [{"id", "agent", "task", "need": [ids]}]}.`,
      ],
    };
  }
  const steps = parsed.data.plan.map((s) => ({ ...s, task: s.task.trim() })) as PlanStep[];
  const problems = validateSteps(steps, opts.agents, opts.knownIds ?? new Set());
  return problems.length ? { ok: false, problems } : { ok: true, steps };
}

export function validateSteps(steps: readonly PlanStep[], agents: readonly string[], knownIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (steps.length === 0) problems.push('The plan has no steps.');
  const ids = new Set<string>();
  for (const step of steps) {
    if (ids.has(step.id) || knownIds.has(step.id)) problems.push(`Step id "${step.id}" is used more than once; give every step its own id.`);
    ids.add(step.id);
    if (!agents.includes(step.agent)) problems.push(`Step "${step.id}" names the agent "${step.agent}", which does not exist; use one of: ${agents.join(', ')}.`);
  }
  for (const step of steps) {
    for (const need of step.need) {
      if (need === step.id) problems.push(`Step "${step.id}" needs itself.`);
      else if (!ids.has(need) && !knownIds.has(need)) problems.push(`Step "${step.id}" needs "${need}", but no step has that id.`);
    }
  }
  const cycle = findCycle(steps);
  if (cycle) problems.push(`Steps ${cycle.map((c) => `"${c}"`).join(' → ')} depend on each other in a cycle; remove one dependency.`);
  return problems;
}

/**
 * A dependency cycle among the steps, as the ids along it, or null. Depth-first with its own stack,
 * not recursion: a model can write a dependency chain long enough to overflow the call stack.
 */
export function findCycle(steps: readonly PlanStep[]): string[] | null {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const state = new Map<string, 'visiting' | 'done'>();
  for (const root of steps) {
    if (state.has(root.id)) continue;
    // The path being walked, each entry with the index of its next need to look at.
    const path: { id: string; next: number }[] = [{ id: root.id, next: 0 }];
    state.set(root.id, 'visiting');
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const needs = byId.get(top.id)?.need ?? [];
      if (top.next >= needs.length) {
        state.set(top.id, 'done');
        path.pop();
        continue;
      }
      const need = needs[top.next++]!;
      if (!byId.has(need) || need === top.id || state.get(need) === 'done') continue;
      if (state.get(need) === 'visiting') {
        const ids = path.map((p) => p.id);
        return [...ids.slice(ids.indexOf(need)), need];
      }
      state.set(need, 'visiting');
      path.push({ id: need, next: 0 });
    }
  }
  return null;
}
