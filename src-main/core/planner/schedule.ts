// Dependency order and the text handed between steps.
import { assemblePrompt, type PromptSource, type PromptVars } from '../prompts.js';
import type { PlanStep } from './plan.js';

export interface StepState extends PlanStep {
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  output: string;
  files?: string[];
  sources?: string[];
}

/**
 * The first pending step, in plan order, whose needs are all done. Steps whose needs failed or
 * were skipped are skipped themselves (their input will never exist). Linear in the plan's size: a
 * skip spreads through a work list, so a long chain of dependents does not cost a pass per link.
 */
export function nextRunnable(steps: StepState[]): StepState | null {
  const byId = new Map<string, StepState>();
  for (const step of steps) if (!byId.has(step.id)) byId.set(step.id, step);
  const dependents = new Map<string, StepState[]>();
  const blocked: StepState[] = [];
  for (const step of steps) {
    if (step.status !== 'pending') continue;
    for (const id of step.need) {
      const dep = byId.get(id);
      if (!dep || dep.status === 'failed' || dep.status === 'skipped') blocked.push(step);
      else if (dep.status === 'pending') {
        const list = dependents.get(id);
        if (list) list.push(step);
        else dependents.set(id, [step]);
      }
    }
  }
  for (let step = blocked.pop(); step; step = blocked.pop()) {
    if (step.status !== 'pending') continue;
    step.status = 'skipped';
    step.output = 'Skipped: a step it needs did not succeed.';
    for (const dependent of dependents.get(step.id) ?? []) blocked.push(dependent);
  }
  return steps.find((s) => s.status === 'pending' && s.need.every((id) => byId.get(id)?.status === 'done')) ?? null;
}

export function stepRequest(prompts: PromptSource, vars: PromptVars, step: StepState, steps: readonly StepState[]): string {
  const inputs = step.need
    .map((id) => steps.find((s) => s.id === id))
    .filter((s): s is StepState => !!s)
    .map((s) => {
      const files = s.files?.length ? `\nFiles written: ${s.files.join(', ')}` : '';
      const sources = s.sources?.length ? `\nSources: ${s.sources.join(', ')}` : '';
      return `Result of step ${s.id} (${s.agent}):\n${s.output.trim()}${files}${sources}`;
    });
  if (inputs.length === 0) return step.task;
  return assemblePrompt(prompts, 'planner-step', { ...vars, task: step.task, inputs: inputs.join('\n\n') });
}

export function finalSummary(steps: readonly StepState[]): string {
  const done = steps.filter((s) => s.status === 'done').length;
  const head = done === steps.length ? `All ${steps.length} steps of the plan are done.` : `${done} of ${steps.length} steps of the plan are done.`;
  const lines = steps.map((s) => {
    const first = s.output.trim().split('\n').filter(Boolean).slice(0, 6).join('\n   ');
    const files = s.files?.length ? `\n   Files: ${s.files.join(', ')}` : '';
    return `${s.id}. [${s.agent}] ${s.task} — ${s.status}${first ? `\n   ${first}` : ''}${files}`;
  });
  return [head, '', ...lines].join('\n');
}
