import type { ApprovalRequest, AskUser, Emit } from '../ports.js';

interface Pending {
  resolve: (approved: boolean) => void;
  turnId: string;
}

/**
 * Approvals waiting for the user. The UI answers by id; a cancelled turn declines its own.
 * Where no one can answer (a CLI without a terminal), `fallback` decides.
 */
export class ApprovalRegistry {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly emit: Emit,
    private readonly sessionOf: (turnId: string) => string | null,
  ) {}

  ask: AskUser = (request: ApprovalRequest) =>
    new Promise<boolean>((resolve) => {
      if (request.signal.aborted) return resolve(false);
      const approvalId = crypto.randomUUID();
      const sessionId = this.sessionOf(request.turnId);
      const finish = (approved: boolean) => {
        if (!this.pending.delete(approvalId)) return;
        request.signal.removeEventListener('abort', onAbort);
        this.emit({ type: 'approval.resolved', sessionId, turnId: request.turnId, approvalId, approved });
        resolve(approved);
      };
      const onAbort = () => finish(false);
      request.signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(approvalId, { resolve: finish, turnId: request.turnId });
      this.emit({
        type: 'approval.requested',
        sessionId,
        turnId: request.turnId,
        approvalId,
        blockId: request.blockId,
        tool: request.tool,
        command: request.command,
        reasons: request.reasons,
      });
    });

  /** Returns false when the id is unknown (already answered, or its turn ended). */
  answer(approvalId: string, approved: boolean): boolean {
    const entry = this.pending.get(approvalId);
    if (!entry) return false;
    entry.resolve(approved);
    return true;
  }
}
