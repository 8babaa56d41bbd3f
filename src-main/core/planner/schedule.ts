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
 * were skipped are skipped themselves (their input will never exist).
 */
export function nextRunnable(steps: StepState[]): StepState | null {
  for (let changed = true; changed;) {
    changed = false;
    for (const step of steps) {
      if (step.status !== 'pending') continue;
      const blocked = step.need.some((id) => {
        const dep = steps.find((s) => s.id === id);
        return !dep || dep.status === 'failed' || dep.status === 'skipped';
      });
      if (blocked) {
        step.status = 'skipped';
        step.output = 'Skipped: a step it needs did not succeed.';
        changed = true;
      }
    }
  }
  return steps.find((s) => s.status === 'pending' && s.need.every((id) => steps.find((d) => d.id === id)?.status === 'done')) ?? null;
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
