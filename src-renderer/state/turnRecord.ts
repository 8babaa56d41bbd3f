// A stored turn as the page shows it: the record holds everything the live events showed, so the
// view is built from it field by field (tests/integration/engine/turn-shape.test.ts compares both).
import type { TurnRecord } from '../../src-main/common/contract.js';
import type { BlockView, TurnView } from './types.js';

export function turnFromRecord(record: TurnRecord, sessionId: string): TurnView {
  const blocks: Record<string, BlockView> = {};
  for (const b of record.blocks) {
    blocks[b.blockId] = {
      blockId: b.blockId,
      call: b.call,
      tool: b.tool,
      code: b.code,
      savePath: b.savePath,
      status: b.status,
      exitCode: b.exitCode,
      durationMs: b.durationMs,
      // As live: the terminal's text, or the result's output for a block that printed nothing live.
      output: b.terminal ? b.terminal : toTerminalText(b.output),
      savedTo: b.savedTo,
    };
  }
  return {
    turnId: record.turnId,
    sessionId,
    request: record.request,
    agent: record.agent,
    status: record.status,
    calls: record.replies.map((r) => ({ call: r.call, agent: record.agent, text: r.text, reasoning: r.reasoning, completed: true })),
    blocks,
    answer: record.answer,
    error: record.error === null ? null : { code: record.errorCode ?? 'ERROR', message: record.error },
    plan: record.plan,
    compacted: record.compacted,
    progress: null,
    memories: [],
    scheduleProposal: null,
    pages: record.pages,
    createdAt: record.createdAt,
  };
}

/** Stored output uses plain newlines; a terminal needs carriage returns too. */
export const toTerminalText = (text: string): string => text.replace(/\r?\n/g, '\r\n');
