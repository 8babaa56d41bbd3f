// `agentic schedule add|list|rm|run-now|pause|resume` and `agentic run --schedule ID`: their flags.
import { AGENT_CHOICES, type AgentChoice } from '../../common/agents.js';
import { PROVIDER_KINDS, type ProviderKind } from '../../common/providers.js';
import { APPROVAL_POLICIES, type ApprovalPolicy } from '../../common/schedules.js';
import { UsageError } from './usageError.js';

export const SCHEDULE_USAGE = `  agentic schedule add "REQUEST" (--every 1h | --daily 08:00 | --weekly "mon,fri 08:00" | --at TIME | --cron EXPR)
          [--agent A] [--workspace DIR] [--model ID] [--approval ask|dry-run|allow-listed] [--allow RULE]…
          [--no-catch-up] [--tz ZONE] [--name NAME] [--no-register] [--json]
          (--at: "in 2 hours", "2026-12-24 18:00", "09:30", "tomorrow 09:30"; times in --tz, default the system's)
  agentic schedule list [--json] | show ID [--json] | rm ID | pause ID | resume ID | run-now ID [run's provider flags]
  agentic schedule answer APPROVAL_ID yes|no        (a question a waiting scheduled run asked)
  agentic schedule unregister-all [--json]          (removes every OS job this app registered; before an uninstall)
  agentic run --schedule ID [--provider … --replay FILE …] [--json]   (what the OS job runs: the due run, if any)
          (schedules live in the desktop app's data folder; --data-dir DIR names another)`;

export const SCHEDULE_OPTIONS = {
  schedule: { type: 'string' },
  every: { type: 'string' },
  daily: { type: 'string' },
  weekly: { type: 'string' },
  at: { type: 'string' },
  cron: { type: 'string' },
  approval: { type: 'string' },
  allow: { type: 'string', multiple: true },
  'no-catch-up': { type: 'boolean' },
  'no-register': { type: 'boolean' },
  tz: { type: 'string' },
  name: { type: 'string' },
  'data-dir': { type: 'string' },
} as const;

type Values = Record<string, string | boolean | string[] | undefined>;

export type When = { every: string } | { daily: string } | { weekly: string } | { at: string } | { cron: string };

/** Provider flags `run` takes, which a scheduled run accepts too (tests pass Replay). */
export interface ProviderFlags {
  provider?: ProviderKind;
  model?: string;
  baseUrl?: string;
  replay?: string;
}

export type ScheduleArgs = { command: 'schedule'; dataDir?: string; json: boolean } & (
  | {
      action: 'add';
      request: string;
      when: When;
      agent: AgentChoice;
      workspace?: string;
      model?: string;
      approval: ApprovalPolicy;
      allow: string[];
      catchUp: boolean;
      timeZone?: string;
      name?: string;
      register: boolean;
    }
  | { action: 'list' | 'unregister-all' }
  | { action: 'show' | 'rm' | 'pause' | 'resume'; id: string }
  | ({ action: 'run-now'; id: string } & ProviderFlags)
  | { action: 'answer'; id: string; approved: boolean }
);

export type ScheduledRunArgs = { command: 'run-schedule'; id: string; dataDir?: string; json: boolean } & ProviderFlags;

const str = (v: Values, name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);

export function providerFlags(v: Values): ProviderFlags {
  const kind = str(v, 'provider');
  if (kind !== undefined && !(PROVIDER_KINDS as readonly string[]).includes(kind)) throw new UsageError(`Unknown provider "${kind}". Choose one of: ${PROVIDER_KINDS.join(', ')}.`);
  const replay = str(v, 'replay');
  const provider = (kind ?? (replay ? 'replay' : undefined)) as ProviderKind | undefined;
  if (provider === 'replay' && !replay) throw new UsageError('--provider replay needs --replay FILE.');
  return { provider, model: str(v, 'model'), baseUrl: str(v, 'base-url'), replay };
}

function whenOf(v: Values): When {
  const given = (['every', 'daily', 'weekly', 'at', 'cron'] as const).filter((k) => str(v, k) !== undefined);
  if (given.length !== 1) throw new UsageError('schedule add needs exactly one of --every, --daily, --weekly, --at or --cron.');
  const key = given[0]!;
  return { [key]: str(v, key)! } as When;
}

function addArgs(rest: readonly string[], v: Values): ScheduleArgs {
  if (rest.length !== 1 || !rest[0]?.trim()) throw new UsageError('schedule add needs one "REQUEST" (quote it).');
  const agent = str(v, 'agent') ?? 'auto';
  if (!(AGENT_CHOICES as readonly string[]).includes(agent)) throw new UsageError(`Unknown agent "${agent}". Choose one of: ${AGENT_CHOICES.join(', ')}.`);
  const approval = str(v, 'approval') ?? 'ask';
  if (!(APPROVAL_POLICIES as readonly string[]).includes(approval)) throw new UsageError(`Unknown approval policy "${approval}". Choose one of: ${APPROVAL_POLICIES.join(', ')}.`);
  const allow = Array.isArray(v.allow) ? v.allow : [];
  if (allow.length > 0 && approval !== 'allow-listed') throw new UsageError('--allow goes with --approval allow-listed.');
  return {
    command: 'schedule',
    action: 'add',
    request: rest[0],
    when: whenOf(v),
    agent: agent as AgentChoice,
    workspace: str(v, 'workspace'),
    model: str(v, 'model'),
    approval: approval as ApprovalPolicy,
    allow,
    catchUp: v['no-catch-up'] !== true,
    timeZone: str(v, 'tz'),
    name: str(v, 'name'),
    register: v['no-register'] !== true,
    dataDir: str(v, 'data-dir'),
    json: v.json === true,
  };
}

export function parseScheduleArgs(rest: readonly string[], v: Values): ScheduleArgs {
  const [action, ...more] = rest;
  const base = { command: 'schedule' as const, dataDir: str(v, 'data-dir'), json: v.json === true };
  switch (action) {
    case 'add':
      return addArgs(more, v);
    case 'list':
    case 'unregister-all':
      if (more.length > 0) throw new UsageError(`schedule ${action} takes no arguments.`);
      return { ...base, action };
    case 'show':
    case 'rm':
    case 'pause':
    case 'resume':
    case 'run-now': {
      if (more.length !== 1 || !more[0]?.trim()) throw new UsageError(`schedule ${action} needs one schedule ID (see: agentic schedule list).`);
      if (action === 'run-now') return { ...base, action, id: more[0], ...providerFlags(v) };
      return { ...base, action, id: more[0] };
    }
    case 'answer': {
      const [id, answer] = more;
      if (!id || (answer !== 'yes' && answer !== 'no') || more.length !== 2) throw new UsageError('schedule answer needs: APPROVAL_ID yes|no.');
      return { ...base, action, id, approved: answer === 'yes' };
    }
    default:
      throw new UsageError('schedule needs: add | list | show ID | rm ID | pause ID | resume ID | run-now ID | answer ID yes|no | unregister-all.');
  }
}

export function parseScheduledRun(rest: readonly string[], v: Values): ScheduledRunArgs {
  if (rest.length > 0) throw new UsageError('run --schedule ID takes no REQUEST: the schedule holds it.');
  const id = str(v, 'schedule');
  if (!id?.trim()) throw new UsageError('--schedule needs a schedule ID.');
  return { command: 'run-schedule', id, dataDir: str(v, 'data-dir'), json: v.json === true, ...providerFlags(v) };
}
