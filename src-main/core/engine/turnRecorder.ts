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

type TurnEvent = Parameters<Emit>[0];

export function recordTurn(turnId: string, store: SessionStore, emit: Emit, logger: Logger): TurnRecorder {
  const replies = partialReplies();
  const recorders = [replies.record, blockViews(turnId, store), turnExtras(turnId, store)];
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
      if (event.turnId === turnId) guarded(event.type, () => recorders.forEach((record) => record(event)));
      emit(event);
    },
    keepPartialReplies: () =>
      guarded('partial replies', () => {
        for (const [call, reply] of replies.partial) store.addReply(turnId, { call, ...reply });
        replies.partial.clear();
      }),
  };
}

/** The text and reasoning each model call has streamed so far; a completed reply is the engine's to store. */
function partialReplies() {
  const partial = new Map<number, { text: string; reasoning: string }>();
  const partialOf = (call: number) => partial.get(call) ?? partial.set(call, { text: '', reasoning: '' }).get(call)!;
  const record = (event: TurnEvent): void => {
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
      default:
        return;
    }
  };
  return { partial, record };
}

/** Each running block's save path and terminal text, stored when the block finishes. */
function blockViews(turnId: string, store: SessionStore): (event: TurnEvent) => void {
  const blocks = new Map<string, { savePath: string | null; terminal: string }>();
  return (event) => {
    switch (event.type) {
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
      default:
        return;
    }
  };
}

/** The pages visited and a compaction, stored with the turn as they happen. */
function turnExtras(turnId: string, store: SessionStore): (event: TurnEvent) => void {
  let pages: PageVisit[] = [];
  return (event) => {
    switch (event.type) {
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
}
