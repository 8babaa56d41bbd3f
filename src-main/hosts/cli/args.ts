// The CLI contract (kept stable: scripts and acceptance checks depend on it).
import { parseArgs } from 'node:util';
import { AGENT_CHOICES, type AgentChoice } from '../../common/agents.js';
import { PROVIDER_KINDS, type ProviderKind } from '../../common/providers.js';

import { parseCheckpointArgs, type CheckpointArgs } from './checkpointArgs.js';
import { parseServeArgs, type ServeArgs } from './serveArgs.js';
import { parseScheduleArgs, parseScheduledRun, SCHEDULE_OPTIONS, type ScheduleArgs, type ScheduledRunArgs } from './scheduleArgs.js';
import type { RunArgs } from './runArgs.js';
import { parseModelTestArgs, type ModelTestArgs } from './modelTestArgs.js';
import { UsageError } from './usageError.js';
import { parseMemoryArgs, type MemoryArgs } from './memoryArgs.js';

export { UsageError };
export { USAGE } from './usage.js';
export type { RunArgs };

export interface RouteArgs {
  command: 'route';
  request?: string;
  file?: string;
  json: boolean;
}
export interface ModelsArgs {
  command: 'models';
  action: 'list' | 'download' | 'rm';
  id?: string;
  json: boolean;
}
export interface SessionsArgs {
  command: 'sessions';
  json: boolean;
}
export interface SandboxArgs {
  command: 'sandbox';
  workspace?: string;
  json: boolean;
}
export interface DoctorArgs {
  command: 'doctor';
  json: boolean;
}
export interface EnginesArgs {
  command: 'engines';
  action: 'list' | 'use' | 'get' | 'rm';
  engine?: 'auto' | 'cuda' | 'vulkan' | 'metal' | 'cpu';
  json: boolean;
}
export interface ListenArgs {
  command: 'listen';
  file: string;
  sttModel?: string;
  language?: string;
  json: boolean;
}
export interface SayArgs {
  command: 'say';
  text: string;
  out?: string;
  language?: string;
  voice?: string;
}
export interface SearchArgs {
  command: 'search';
  query: string;
  workspace?: string;
  json: boolean;
}

export type CliArgs =
  | RunArgs
  | RouteArgs
  | ModelsArgs
  | ModelTestArgs
  | SessionsArgs
  | CheckpointArgs
  | SandboxArgs
  | DoctorArgs
  | EnginesArgs
  | ChatArgs
  | ListenArgs
  | SayArgs
  | SearchArgs
  | MemoryArgs
  | ServeArgs
  | ScheduleArgs
  | ScheduledRunArgs;
/** `agentic` alone or `agentic chat`: the interactive chat, with run's engine options. */
export type ChatArgs = { command: 'chat' } & Pick<
  RunArgs,
  'workspace' | 'agent' | 'provider' | 'model' | 'baseUrl' | 'replay' | 'yes' | 'blockTimeoutSec' | 'maxAttempts' | 'session'
>;

const OPTIONS = {
  workspace: { type: 'string' },
  agent: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  replay: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'block-timeout': { type: 'string' },
  'max-attempts': { type: 'string' },
  session: { type: 'string' },
  json: { type: 'boolean' },
  'no-memory': { type: 'boolean' },
  turn: { type: 'string' },
  cascade: { type: 'boolean' },
  desktop: { type: 'boolean' },
  file: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  explain: { type: 'boolean' },
  'stt-model': { type: 'string' },
  language: { type: 'string' },
  out: { type: 'string' },
  voice: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'new-token': { type: 'boolean' },
  'allow-origin': { type: 'string', multiple: true },
  ...SCHEDULE_OPTIONS,
} as const;

function positiveInt(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${name} must be a whole number from 1 to ${max}, got "${raw}".`);
  return n;
}

/** Node's parseArgs messages, made readable (its unknown-option text ends with an unbalanced quote). */
function argsProblem(error: Error & { code?: string }): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    return `Unknown option "${unknown[1]}". A request that starts with "-" goes after --, as in: agentic run -- "${unknown[1]}"`;
  }
  return error.message.split('\n')[0] ?? 'bad arguments';
}

/** The options parseArgs read, typed from OPTIONS so each command's parser sees their real types. */
type Values = ReturnType<typeof parseOptions>['values'];

function parseOptions(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(argsProblem(error as Error & { code?: string }));
  }
}

/** The agent and provider choices run and chat share; --replay alone implies the replay provider. */
function engineChoice(v: Values): { agent: AgentChoice; provider: ProviderKind | undefined } {
  const agent = v.agent ?? 'auto';
  if (!(AGENT_CHOICES as readonly string[]).includes(agent)) throw new UsageError(`Unknown agent "${agent}". Choose one of: ${AGENT_CHOICES.join(', ')}.`);
  if (v.provider !== undefined && !(PROVIDER_KINDS as readonly string[]).includes(v.provider)) {
    throw new UsageError(`Unknown provider "${v.provider}". Choose one of: ${PROVIDER_KINDS.join(', ')}.`);
  }
  const provider = (v.provider ?? (v.replay ? 'replay' : undefined)) as ProviderKind | undefined;
  if (provider === 'replay' && !v.replay) throw new UsageError('--provider replay needs --replay FILE.');
  return { agent: agent as AgentChoice, provider };
}

/** The engine options both run and chat take, validated. */
function engineOptions(v: Values) {
  return {
    ...engineChoice(v),
    workspace: v.workspace,
    model: v.model,
    baseUrl: v['base-url'],
    replay: v.replay,
    yes: v.yes ?? false,
    blockTimeoutSec: positiveInt('block-timeout', v['block-timeout'], 86_400),
    maxAttempts: positiveInt('max-attempts', v['max-attempts'], 50),
    session: v.session,
  };
}

function chatArgs(rest: readonly string[], v: Values): ChatArgs {
  if (rest.length > 0) throw new UsageError('chat takes no REQUEST: type requests at its prompt (or use: agentic run "REQUEST").');
  return { command: 'chat', ...engineOptions(v) };
}

function runArgs(rest: readonly string[], v: Values, json: boolean): RunArgs | ScheduledRunArgs {
  if (v.schedule !== undefined) return parseScheduledRun(rest, v);
  if (v.file !== undefined && rest.length > 0) throw new UsageError('run takes a REQUEST or --file PATH, not both.');
  if (v.file !== undefined && !v.file.trim()) throw new UsageError('--file needs the path of a file that holds the request.');
  if (v.file === undefined && (rest.length !== 1 || !rest[0]?.trim())) {
    throw new UsageError('run needs exactly one REQUEST argument (quote it), - to read it from standard input, or --file PATH.');
  }
  return {
    command: 'run',
    request: rest[0] ?? '',
    requestFrom: v.file !== undefined ? 'file' : rest[0] === '-' ? 'stdin' : 'argument',
    file: v.file,
    ...engineOptions(v),
    noMemory: v['no-memory'] ?? false,
    json,
  };
}

function routeArgs(rest: readonly string[], v: Values, json: boolean): RouteArgs {
  if (rest.length > 1) throw new UsageError('route takes at most one REQUEST argument.');
  if (rest[0] !== undefined && !rest[0].trim()) throw new UsageError('route needs a non-empty REQUEST (or none, to read one request per line from standard input).');
  if (v.file !== undefined && rest.length > 0) throw new UsageError('route takes a REQUEST or --file PATH, not both.');
  return { command: 'route', request: rest[0], file: v.file, json };
}

function modelsArgs(rest: readonly string[], v: Values, json: boolean): ModelsArgs | ModelTestArgs {
  const [action, id] = rest;
  if (action === 'list' && !id) return { command: 'models', action, json };
  if ((action === 'download' || action === 'rm') && id) return { command: 'models', action, id, json };
  if (action === 'test' && rest.length <= 2) return parseModelTestArgs(id, v, json);
  throw new UsageError('models needs: list | download ID | rm ID | test [ID].');
}

/** The one-argument commands: each takes exactly one non-empty positional. */
function oneArgument(rest: readonly string[], usage: string): string {
  if (rest.length !== 1 || !rest[0]?.trim()) throw new UsageError(usage);
  return rest[0];
}

export function parseCli(argv: readonly string[]): CliArgs | 'help' {
  const { values: v, positionals } = parseOptions(argv);
  if (v.help) return 'help';
  const [command, ...rest] = positionals;
  const json = v.json ?? false;
  switch (command) {
    case 'run':
      return runArgs(rest, v, json);
    case 'route':
      return routeArgs(rest, v, json);
    case 'models':
      return modelsArgs(rest, v, json);
    case 'sessions':
      return { command, json };
    case 'memory':
      return parseMemoryArgs(rest, v);
    case 'listen':
      return { command, file: oneArgument(rest, 'listen needs one FILE.wav.'), sttModel: v['stt-model'], language: v.language, json };
    case 'say':
      return { command, text: oneArgument(rest, 'say needs one "TEXT" (quote it).'), out: v.out, language: v.language, voice: v.voice };
    case 'search':
      return { command, query: oneArgument(rest, 'search needs one "QUERY" (quote it).'), workspace: v.workspace, json };
    case 'sandbox':
      if (!v.explain || rest.length > 0) throw new UsageError('sandbox needs: --explain [--workspace DIR] [--json].');
      return { command, workspace: v.workspace, json };
    case 'engines':
      return enginesArgs(rest, json);
    case 'doctor':
      if (rest.length > 0) throw new UsageError('doctor takes no arguments: agentic doctor [--json].');
      return { command, json };
    case 'changes':
    case 'undo':
    case 'redo':
      return parseCheckpointArgs(command, rest, v);
    case 'serve':
    case 'mcp':
      return parseServeArgs(command, rest, v);
    case 'schedule':
      return parseScheduleArgs(rest, v);
    case undefined:
    case 'chat':
      return chatArgs(rest, v);
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

function enginesArgs(rest: string[], json: boolean): EnginesArgs {
  const [action, engine, ...extra] = rest;
  if (action === 'list' && !engine) return { command: 'engines', action, json };
  const pinned = (['auto', 'cuda', 'vulkan', 'metal', 'cpu'] as const).find((b) => b === engine);
  if (action === 'use' && pinned && extra.length === 0) return { command: 'engines', action, engine: pinned, json };
  // Only the CUDA build is downloaded on demand (the installers carry the others).
  if ((action === 'get' || action === 'rm') && engine === 'cuda' && extra.length === 0) return { command: 'engines', action, engine, json };
  throw new UsageError('engines needs: list [--json] | use auto|cuda|vulkan|metal|cpu | get cuda | rm cuda.');
}
