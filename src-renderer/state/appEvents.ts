// The events that change the app around the turns (approvals, downloads, the model's loading, the
// workspace, MCP servers, the session list): the part of the reducer that needs no turn.
import type { AppEvent } from '../../src-main/common/events.js';
import type { DomainState } from './types.js';

/** Folds an app-wide event into the state; undefined for an event that belongs to a turn. */
export function reduceAppEvent(state: DomainState, event: AppEvent): DomainState | undefined {
  switch (event.type) {
    case 'approval.requested':
      if (state.approvals.some((a) => a.approvalId === event.approvalId)) return state;
      return {
        ...state,
        approvals: [
          ...state.approvals,
          {
            approvalId: event.approvalId,
            sessionId: event.sessionId,
            turnId: event.turnId,
            blockId: event.blockId,
            tool: event.tool,
            command: event.command,
            reasons: event.reasons,
          },
        ],
      };
    case 'approval.resolved':
      return removeApproval(state, event.approvalId);
    case 'browser.frame':
      return { ...state, browser: { ...state.browser, frame: `data:${event.mime};base64,${event.data}`, sessionId: event.sessionId } };
    case 'sessions.changed':
      return { ...state, sessionsVersion: state.sessionsVersion + 1 };
    case 'model.progress':
      return {
        ...state,
        downloads: { ...state.downloads, [event.modelId]: { receivedBytes: event.receivedBytes, totalBytes: event.totalBytes, done: event.done } },
      };
    case 'model.loadProgress':
      return {
        ...state,
        modelLoad: { model: event.model, status: event.status, progress: event.progress, message: event.message, ...(event.placement ? { placement: event.placement } : {}) },
      };
    case 'workspace.importProgress': {
      const { copiedBytes, totalBytes, copiedFiles, totalFiles, current } = event;
      return event.done
        ? { ...state, importProgress: null, workspaceVersion: state.workspaceVersion + 1 }
        : { ...state, importProgress: { copiedBytes, totalBytes, copiedFiles, totalFiles, current } };
    }
    case 'mcp.status':
      return { ...state, mcpStatus: { ...state.mcpStatus, [event.server]: { status: event.status, message: event.message } } };
    case 'input.stored':
      // A new file under .agentic/inputs: the workspace panel lists it.
      return { ...state, workspaceVersion: state.workspaceVersion + 1 };
    default:
      return undefined;
  }
}

export function removeApproval(state: DomainState, approvalId: string): DomainState {
  if (!state.approvals.some((a) => a.approvalId === approvalId)) return state;
  return { ...state, approvals: state.approvals.filter((a) => a.approvalId !== approvalId) };
}
