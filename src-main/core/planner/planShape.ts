// The plan as small local models write it, brought to the one shape the planner validates: JSON
// found inside prose, a bare list of steps, `steps` for `plan`, `depends_on` for `need`, "1, 2" for
// ["1", "2"], "Coder Agent" for coder. Only naming and shape are forgiven here; a plan that means
// something else (an agent that does not exist, a missing step) still goes back to the model.

const MAX_CANDIDATES = 32;

/** The end of the balanced JSON value starting at `start` (`{` or `[`), strings respected, or -1. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/**
 * The plan's JSON inside a reply that has no ```json block: the first balanced object or list that
 * mentions a plan or its steps, else the first balanced one, else from the first `{` to the last `}`.
 */
export function findPlanJson(reply: string): string | null {
  let first: string | null = null;
  let tries = 0;
  for (let i = 0; i < reply.length && tries < MAX_CANDIDATES; i++) {
    const c = reply[i];
    if (c !== '{' && c !== '[') continue;
    tries++;
    const end = balancedEnd(reply, i);
    if (end === -1) continue;
    const span = reply.slice(i, end + 1);
    if (/["']?(?:plan|steps|agent)["']?\s*:/.test(span)) return span;
    first ??= span;
    i = end;
  }
  if (first !== null) return first;
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  return start >= 0 && end > start ? reply.slice(start, end + 1) : null;
}

const STEP_KEYS: Record<string, string> = {
  step: 'id',
  step_id: 'id',
  stepid: 'id',
  agent_name: 'agent',
  assignee: 'agent',
  description: 'task',
  instruction: 'task',
  instructions: 'task',
  needs: 'need',
  depends_on: 'need',
  dependson: 'need',
  dependencies: 'need',
  deps: 'need',
  requires: 'need',
  after: 'need',
};

/** The agent a written name means (`Coder`, `web_agent`, `File Agent`, `files`), or the name unchanged. */
export function matchAgent(name: string, agents: readonly string[]): string {
  if (agents.includes(name)) return name;
  const squashed = name.toLowerCase().replace(/[^a-z]/g, '');
  const bare = squashed.replace(/agent$/, '');
  return agents.find((a) => a === squashed || a === bare || `${a}s` === bare) ?? name;
}

function normaliseNeed(need: unknown): unknown {
  // "1, 2" or "1 and 2" written as one string: several ids.
  if (typeof need === 'string' && /[,;]|\band\b/.test(need)) return need.split(/\s*(?:[,;]|\band\b)\s*/).filter(Boolean);
  return need;
}

function normaliseStep(step: unknown, agents: readonly string[]): unknown {
  if (step === null || typeof step !== 'object' || Array.isArray(step)) return step;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step)) {
    const lower = key.toLowerCase();
    const name = STEP_KEYS[lower] ?? lower;
    if (!(name in out)) out[name] = value;
  }
  if (typeof out.agent === 'string') out.agent = matchAgent(out.agent.trim(), agents);
  if ('need' in out) out.need = normaliseNeed(out.need);
  return out;
}

/** The parsed JSON in the planner's shape `{plan: [...]}` where it is recognisably a plan. */
export function normalisePlan(data: unknown, agents: readonly string[]): unknown {
  let list: unknown = data;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    list = record.plan ?? record.Plan ?? record.steps ?? record.tasks;
    if (list === undefined) return data;
  }
  return Array.isArray(list) ? { plan: list.map((s) => normaliseStep(s, agents)) } : { plan: list };
}

/**
 * A revision reply that keeps the plan: NO_UPDATE on a line of its own or first (bold, backticks or
 * a sentence before it allowed), with no plan JSON in the reply.
 */
export function isNoUpdate(reply: string, hasJsonBlock: boolean): boolean {
  if (hasJsonBlock || /["']?plan["']?\s*:/.test(reply)) return false;
  return /(?:^|\n)\s*(?:[*_`]+\s*)?NO[_ ]UPDATE\b/.test(reply) || /^[^\n]{0,200}\bNO_UPDATE\b/.test(reply.trim());
}
