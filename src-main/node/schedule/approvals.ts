// Approvals a scheduled run waits on. The run may be in a process with no window (the OS job), so
// the question is a row the app shows and answers; the waiting run reads the answer back.
import type { Db } from '../store/database.js';

export interface PendingApproval {
  id: string;
  runId: number;
  scheduleId: string;
  tool: string;
  command: string;
  reasons: string[];
  createdAt: number;
}

export class ApprovalRows {
  constructor(private readonly db: Db) {}

  add(runId: number, request: { tool: string; command: string; reasons: readonly string[] }): string {
    const id = crypto.randomUUID();
    this.db
      .prepare('INSERT INTO schedule_approvals (id, run_id, tool, command, reasons, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, runId, request.tool, request.command, JSON.stringify(request.reasons), Date.now());
    return id;
  }

  /** False when unknown or already answered. */
  answer(id: string, approved: boolean): boolean {
    return this.db.prepare('UPDATE schedule_approvals SET answer = ? WHERE id = ? AND answer IS NULL').run(approved ? 1 : 0, id).changes > 0;
  }

  answerOf(id: string): boolean | null {
    const row = this.db.prepare('SELECT answer FROM schedule_approvals WHERE id = ?').get(id) as { answer: number | null } | undefined;
    return row?.answer == null ? null : row.answer === 1;
  }

  /** Questions of runs still waiting. */
  pending(): PendingApproval[] {
    const rows = this.db
      .prepare(
        `SELECT a.id, a.run_id, r.schedule_id, a.tool, a.command, a.reasons, a.created_at FROM schedule_approvals a
         JOIN schedule_runs r ON r.id = a.run_id WHERE a.answer IS NULL AND r.status = 'waiting-approval' ORDER BY a.created_at`,
      )
      .all() as { id: string; run_id: number; schedule_id: string; tool: string; command: string; reasons: string; created_at: number }[];
    return rows.map((r) => ({
      id: r.id,
      runId: r.run_id,
      scheduleId: r.schedule_id,
      tool: r.tool,
      command: r.command,
      reasons: JSON.parse(r.reasons) as string[],
      createdAt: r.created_at,
    }));
  }

  /** Resolves with the answer, or false when `signal` aborts (the run's time budget, a cancel). */
  waitFor(id: string, signal: AbortSignal, pollMs = 500): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        const answer = signal.aborted ? false : this.answerOf(id);
        if (answer === null) return;
        clearInterval(timer);
        signal.removeEventListener('abort', check);
        resolve(answer);
      };
      const timer = setInterval(check, pollMs);
      signal.addEventListener('abort', check, { once: true });
      check();
    });
  }
}
