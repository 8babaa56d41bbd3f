import type { AgentName } from '../../src-main/common/agents.js';

import type { AppEvent, BlockStatus, ModelLoad, PlanStepView } from '../../src-main/common/events.js';

export type TurnStatus = 'running' | 'done' | 'failed' | 'cancelled';

/** One model call of a turn: streamed text until `reply.completed` replaces it with placeholder text. */
export interface CallView {
  call: number;
  agent: AgentName | null;
  text: string;
  reasoning: string;
  completed: boolean;
}

export interface BlockView {
  blockId: string;
  call: number;
  tool: string;
  code: string;
  savePath: string | null;
  status: 'running' | BlockStatus;
  exitCode: number | null;
  durationMs: number | null;
  /** Everything the terminal printed, in order (the terminal writes only what is new). */
  output: string;
  savedTo: string | null;
}

export interface TurnView {
  turnId: string;
  sessionId: string | null;
  request: string;
  agent: AgentName | null;
  status: TurnStatus;
  calls: CallView[];
  blocks: Record<string, BlockView>;
  answer: string;
  error: { code: string; message: string } | null;
  plan: PlanStepView[] | null;
  /** Set when the engine summarised older history to fit the context during this turn. */
  compacted: { beforeTokens: number; afterTokens: number } | null;
  /** A text larger than the context being read part by part (issue 29): the latest progress. */
  progress: { stage: 'part' | 'combine'; part: number; parts: number } | null;
  /** Memories this turn stored ("remember …") or an agent proposed (waiting for Keep). */
  memories: { id: number; text: string; status: 'active' | 'proposed' }[];
  /** A schedule this turn's request asked for (issue 31), waiting for the user's Save. */
  scheduleProposal: ScheduleProposalView | null;
  /** Pages the browser landed on during this turn, in order (the web agent's visits). */
  pages: { url: string; title: string }[];
  createdAt: number;
}

export type ScheduleProposalView = Omit<Extract<AppEvent, { type: 'schedule.proposed' }>, 'type' | 'sessionId' | 'turnId' | 'seq'>;

export interface PendingApproval {
  approvalId: string;
  sessionId: string | null;
  turnId: string | null;
  blockId: string | null;
  tool: string;
  command: string;
  reasons: string[];
}

export interface BrowserView {
  url: string;
  title: string;
  frame: string | null;
  sessionId: string | null;
}

export interface DownloadView {
  receivedBytes: number;
  totalBytes: number | null;
  done: boolean;
}

export interface McpStatusView {
  status: 'stopped' | 'starting' | 'ready' | 'failed';
  message: string;
}

/** Everything events can change; folded by the pure reducer. */
export interface DomainState {
  turns: Record<string, TurnView>;
  /** Turn ids per session, oldest first. */
  sessionTurns: Record<string, string[]>;
  /** Stored turns of each session older than those loaded (a long session opens on its latest page). */
  earlierTurns: Record<string, number>;
  approvals: PendingApproval[];
  browser: BrowserView;
  downloads: Record<string, DownloadView>;
  mcpStatus: Record<string, McpStatusView>;
  /** Bumped by `sessions.changed` so the session list knows to refresh. */
  sessionsVersion: number;
  /** Bumped when a turn ends, so the workspace panel refreshes its files. */
  workspaceVersion: number;
  /** Bumped by `memory.changed` so the Memory panel reloads its list. */
  memoryVersion: number;
  /** Electron: a drop from the system being copied into the workspace (null when none). */
  importProgress: { copiedBytes: number; totalBytes: number; copiedFiles: number; totalFiles: number; current: string } | null;
  /** The embedded model's load (model.loadProgress, or app.info when the page opened): null before one starts. */
  modelLoad: ModelLoad | null;
}

export const emptyDomain = (): DomainState => ({
  turns: {},
  sessionTurns: {},
  earlierTurns: {},
  approvals: [],
  browser: { url: '', title: '', frame: null, sessionId: null },
  downloads: {},
  mcpStatus: {},
  sessionsVersion: 0,
  workspaceVersion: 0,
  memoryVersion: 0,
  importProgress: null,
  modelLoad: null,
});
