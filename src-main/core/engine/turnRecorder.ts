// Keeps in a turn's record what only its live events carry (the pages visited, a compaction, each
// block's terminal text and save path; the engine records a failure's code itself), so that a turn opened again shows what
// the live turn showed. It sits on the turn's emit: every agent, sub-agent and tool of the turn
// emits through it.
import { appendTerminal, isWebPage, withPage, type PageVisit } from '../../common/turnView.js';
import type { Emit, Logger } from '../ports.js';
import type { SessionStore } from '../store.js';

export interface TurnRecorder {
  emit: Emit;
  /** A turn that ended mid-reply (Stop, an error): keeps the text streamed so far, as the live view showed it. */
  keepPartialReplies(): void;
}

export function recordTurn(turnId: string, store: SessionStore, emit: Emit, logger: Logger): TurnRecorder {
  let pages: PageVisit[] = [];
  const blocks = new Map<string, { savePath: string | null; terminal: string }>();
  const partial = new Map<number, { text: string; reasoning: string }>();
  const partialOf = (call: number) => partial.get(call) ?? partial.set(call, { text: '', reasoning: '' }).get(call)!;
  const record = (event: Parameters<Emit>[0]): void => {
    switch (event.type) {
      case 'llm.started':
        partialOf(event.call);
        return;
      case 'answer.delta':
        partialOf(event.call).text += event.text;
        return;
      case 'reasoning.delta':
        partialOf(event.call).reasoning += event.text;
        return;
      case 'reply.completed':
        partial.delete(event.call);
        return;
      case 'block.started':
        blocks.set(event.blockId, { savePath: event.savePath, terminal: '' });
        return;
      case 'terminal.output': {
        const block = blocks.get(event.blockId);
        if (block) block.terminal = appendTerminal(block.terminal, event.data);
        return;
      }
      case 'block.finished': {
        const block = blocks.get(event.blockId);
        blocks.delete(event.blockId);
        if (block) store.recordBlockView(turnId, event.blockId, block);
        return;
      }
      case 'browser.navigated':
        if (!isWebPage(event.url)) return;
        pages = withPage(pages, { url: event.url, title: event.title });
        return store.recordTurnExtras(turnId, { pages });
      case 'context.compacted':
        return store.recordTurnExtras(turnId, { compacted: { beforeTokens: event.beforeTokens, afterTokens: event.afterTokens } });
      default:
        return;
    }
  };
  // The record is a copy of what the events say: failing to keep it must not stop the turn.
  const guarded = (what: string, fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      logger.warn('turn record: could not keep a live detail', { turnId, what, error: String(error) });
    }
  };
  return {
    emit: (event) => {
      if (event.turnId === turnId) guarded(event.type, () => record(event));
      emit(event);
    },
    keepPartialReplies: () =>
      guarded('partial replies', () => {
        for (const [call, reply] of partial) store.addReply(turnId, { call, ...reply });
        partial.clear();
      }),
  };
}
