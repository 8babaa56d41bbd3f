// The agent engine and the approvals waiting for the user: the turn's services from the adapters,
// the settings read at each turn, the prompts for summaries and large inputs.
import { platform } from 'node:os';
import { AgentEngine } from '../core/engine/engine.js';
import { ApprovalRegistry } from '../core/engine/pendingApprovals.js';
import { assemblePrompt } from '../core/prompts.js';
import type { AskUser } from '../core/ports.js';
import { proposeSchedule } from '../core/schedule/fromChat.js';
import { createInputFiles } from '../node/workspace/inputFiles.js';
import type { Adapters } from './adapters.js';
import type { AppConfig } from './config.js';
import type { Foundations } from './foundations.js';
import type { Services } from './services.js';

export interface EngineParts {
  engine: AgentEngine;
  approvals: ApprovalRegistry;
  /** Where blocks that ask are answered: the app's window (approvals), or the host's own (the CLI's terminal). */
  askUser: AskUser;
}

export function createEngine(config: AppConfig, base: Foundations, adapters: Adapters, services: Services): EngineParts {
  const { store, settings, prompts, logger, bus, workspace } = base;
  // An approval event names its session; only the engine knows which session a running turn is in.
  const approvals = new ApprovalRegistry(bus.emit, (turnId): string | null => engine.sessionOf(turnId));
  const askUser: AskUser = config.askUser ?? approvals.ask;
  const vars = () => ({ os: platform(), workspace: '', languages: [], language: 'auto', date: today() });
  const engine: AgentEngine = new AgentEngine({
    store,
    provider: () => (config.turnProvider ? config.turnProvider(() => adapters.provider.get()) : adapters.provider.get()),
    router: services.voice.router(adapters.router),
    agent: services.agents,
    emit: bus.emit,
    askUser,
    judge: adapters.judge,
    workspace,
    blockTimeoutMs: () => settings.get().blockTimeoutSec * 1000,
    maxBlocksPerReply: () => settings.get().maxBlocksPerReply,
    summaryPrompt: () => assemblePrompt(prompts, 'summarize', vars()),
    logger,
    checkpoints: services.checkpoints,
    largeInputs: { files: createInputFiles(), prompts, vars },
    memory: { store: store.memory, settings: () => settings.get().memory, header: () => prompts.get('memory'), proposeHint: () => prompts.get('memory-propose') },
    // The windows show a proposal the user can save; the CLI has `agentic schedule add`, and a scheduled run must run its request.
    proposeSchedule: config.host === 'cli' ? undefined : proposeSchedule,
  });
  return { engine, approvals, askUser };
}

const today = (): string => new Date().toISOString().slice(0, 10);
