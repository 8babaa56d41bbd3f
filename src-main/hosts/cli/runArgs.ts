// The options of `agentic run`, apart from the parser so that other commands' option modules can
// reuse their shape (serve, mcp, schedule) without importing the parser that imports them.
import type { AgentChoice } from '../../common/agents.js';
import type { ProviderKind } from '../../common/providers.js';

export interface RunArgs {
  command: 'run';
  request: string;
  /** Where the request comes from: the argument itself, standard input (`-`), or --file. */
  requestFrom: 'argument' | 'stdin' | 'file';
  file?: string;
  workspace?: string;
  agent: AgentChoice;
  provider?: ProviderKind;
  model?: string;
  baseUrl?: string;
  replay?: string;
  yes: boolean;
  blockTimeoutSec?: number;
  maxAttempts?: number;
  session?: string;
  json: boolean;
}
