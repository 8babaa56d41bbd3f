// The planner: asks for a JSON plan, runs its steps in dependency order as sub-agents (fresh
// memory, same workspace, same cancellation), hands each step the results of the steps it needs,
// lets the model revise the rest after every step, and ends with what each step produced.
import { planStepAgentList, type AgentName } from '../../common/agents.js';
import type { PlanStepView } from '../../common/events.js';
import type { Agent, AgentContext, AgentOutcome } from '../agent.js';
import { assemblePrompt, type PromptSource, type PromptVars } from '../prompts.js';
import type { ChatMessage } from '../ports.js';
import { extractPlanJson, parsePlan, planJsonSchema, type PlanStep } from './plan.js';
import { isNoUpdate } from './planShape.js';
import { finalSummary, nextRunnable, stepRequest, type StepState } from './schedule.js';
import { PLAN_JSON } from '../tools/defs/plan.js';

export interface PlannerOptions {
  prompts: PromptSource;
  vars: (ctx: AgentContext) => PromptVars;
  /** Agents a step may use now (mcp only when servers are configured). */
  stepAgents: () => readonly AgentName[];
  maxPlanAttempts?: number;
  maxSteps?: number;
}

export function createPlannerAgent(options: PlannerOptions): Agent {
  return {
    name: 'planner',
    async run(ctx: AgentContext): Promise<AgentOutcome> {
      const agents = options.stepAgents();
      const vars = { ...options.vars(ctx), agents: agents.join(', '), agentList: planStepAgentList() };
      const system = assemblePrompt(options.prompts, 'planner', vars);
      const conversation: ChatMessage[] = [{ role: 'system', content: system }, ...ctx.history, { role: 'user', content: ctx.request }];
      const first = await askForPlan(ctx, conversation, agents, new Set(), options.maxPlanAttempts ?? 3);
      if (!first.ok) return giveUp(ctx, first.problems, first.reasoning);
      const steps: StepState[] = first.steps.map((s) => ({ ...s, status: 'pending', output: '' }));
      const emitPlan = () => ctx.emit({ type: 'plan.updated', sessionId: ctx.sessionId, turnId: ctx.turnId, steps: steps.map(toView) });
      emitPlan();
      if (steps.length === 1) return runSingleStep(ctx, steps[0]!, emitPlan, first.reasoning);
      let executed = 0;
      const maxSteps = options.maxSteps ?? 12;
      for (let step = nextRunnable(steps); step; step = nextRunnable(steps)) {
        if (executed >= maxSteps) {
          for (const s of steps) if (s.status === 'pending') s.status = 'skipped';
          break;
        }
        executed += 1;
        step.status = 'running';
        emitPlan();
        const outcome = await ctx.runSubAgent(step.agent, stepRequest(options.prompts, vars, step, steps));
        step.status = outcome.success ? 'done' : 'failed';
        step.output = outcome.answer;
        step.files = outcome.artifacts?.files ?? [];
        step.sources = outcome.artifacts?.sources ?? [];
        emitPlan();
        if (steps.some((s) => s.status === 'pending')) await revise(ctx, options, vars, conversation, steps, step, agents);
        emitPlan();
      }
      for (const s of steps) if (s.status === 'pending') s.status = 'skipped';
      emitPlan();
      const answer = finalSummary(steps);
      return {
        agent: 'planner',
        answer,
        reasoning: first.reasoning,
        memory: [
          { role: 'user', content: ctx.request },
          { role: 'assistant', content: answer },
        ],
        success: steps.every((s) => s.status === 'done'),
        artifacts: { files: steps.flatMap((s) => s.files ?? []), sources: steps.flatMap((s) => s.sources ?? []) },
      };
    },
  };
}

/**
 * A one-step plan is the request itself for one agent: it gets the user's own words (not the
 * planner's paraphrase) and its answer is the turn's answer, with no revision call and no summary.
 */
async function runSingleStep(ctx: AgentContext, step: StepState, emitPlan: () => void, reasoning: string): Promise<AgentOutcome> {
  step.status = 'running';
  emitPlan();
  const outcome = await ctx.runSubAgent(step.agent, ctx.request);
  step.status = outcome.success ? 'done' : 'failed';
  step.output = outcome.answer;
  emitPlan();
  return {
    ...outcome,
    agent: 'planner',
    reasoning: reasoning + outcome.reasoning,
    memory: [
      { role: 'user', content: ctx.request },
      { role: 'assistant', content: outcome.answer },
    ],
  };
}

type PlanAnswer = { ok: true; steps: PlanStep[]; reasoning: string; noUpdate: boolean } | { ok: false; problems: string[]; reasoning: string };

async function askForPlan(
  ctx: AgentContext,
  conversation: ChatMessage[],
  agents: readonly AgentName[],
  knownIds: ReadonlySet<string>,
  attempts: number,
  allowNoUpdate = false,
): Promise<PlanAnswer> {
  // Revisions are the planner's own bookkeeping: the plan view shows their effect, the chat does not.
  const stream = !allowNoUpdate;
  let problems: string[] = [];
  let reasoning = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const reply = await ctx.callModel(conversation, { tools: [PLAN_JSON], jsonSchema: allowNoUpdate ? undefined : planJsonSchema(agents), stream });
    reasoning += reply.reasoning;
    conversation.push({ role: 'assistant', content: reply.text });
    if (allowNoUpdate && isNoUpdate(reply.text, reply.blocks.length > 0)) return { ok: true, steps: [], reasoning, noUpdate: true };
    const json = extractPlanJson(reply.text, reply.blocks[0]?.code ?? null);
    const parsed = parsePlan(json, { agents, knownIds, truncated: reply.truncated });
    if (parsed.ok) return { ok: true, steps: parsed.steps, reasoning, noUpdate: false };
    problems = parsed.problems;
    conversation.push({ role: 'user', content: `The plan cannot be used:\n- ${problems.join('\n- ')}\nSend the corrected plan as one \`\`\`json block.` });
  }
  return { ok: false, problems, reasoning };
}

async function revise(
  ctx: AgentContext,
  options: PlannerOptions,
  vars: PromptVars,
  conversation: ChatMessage[],
  steps: StepState[],
  finished: StepState,
  agents: readonly AgentName[],
): Promise<void> {
  const remaining = steps.filter((s) => s.status === 'pending').map(({ id, agent, task, need }) => ({ id, agent, task, need }));
  conversation.push({
    role: 'user',
    content: assemblePrompt(options.prompts, 'planner-update', {
      ...vars,
      stepId: finished.id,
      stepAgent: finished.agent,
      stepStatus: finished.status === 'done' ? 'succeeded' : 'FAILED',
      stepOutput: clip(finished.output, 3000),
      remaining: JSON.stringify({ plan: remaining }, null, 1),
    }),
  });
  const doneIds = new Set(steps.filter((s) => s.status !== 'pending').map((s) => s.id));
  const answer = await askForPlan(ctx, conversation, agents, doneIds, 2, true);
  if (!answer.ok || answer.noUpdate) return;
  // The new plan replaces every step that has not run yet.
  const kept = steps.filter((s) => s.status !== 'pending');
  steps.splice(0, steps.length, ...kept, ...answer.steps.map((s): StepState => ({ ...s, status: 'pending', output: '' })));
}

function giveUp(ctx: AgentContext, problems: string[], reasoning: string): AgentOutcome {
  const answer = `I could not make a usable plan for this request. The last problem was: ${problems.join(' ')}`;
  return {
    agent: 'planner',
    answer,
    reasoning,
    memory: [
      { role: 'user', content: ctx.request },
      { role: 'assistant', content: answer },
    ],
    success: false,
  };
}

const toView = (s: StepState): PlanStepView => ({ id: s.id, agent: s.agent, task: s.task, need: s.need, status: s.status, output: clip(s.output, 4000) });
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}…`);
