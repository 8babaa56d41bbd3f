// Whether a long session's store queries stay flat: the last 50 turns (a page as session.open and
// session.turns read them) of a session of 50 turns and of 5,000 turns, with the full listing of
// the 5,000 (what opening a session read before pages) beside it.
import { join } from 'node:path';
import { SqliteStore } from '../../src-main/node/store/sqliteStore.js';
import { TURNS_PAGE } from '../../src-main/core/engine/sessionHandlers.js';
import { median, type BenchRow } from '../types.js';

function fill(store: SqliteStore, sessionId: string, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const turnId = `t${i}`;
    store.startTurn({ turnId, sessionId, request: `request ${i}: summarise the notes in my workspace` });
    store.addReply(turnId, { call: 1, text: `Here is the summary ${i}. `.repeat(20), reasoning: '' });
    store.addBlock(turnId, {
      blockId: `b${i}`,
      tool: 'python',
      status: 'ok',
      success: true,
      exitCode: 0,
      output: 'done\n',
      savedTo: null,
      durationMs: 12,
      code: 'print("done")',
      call: 1,
    });
    store.updateTurn(turnId, { status: 'done', answer: `Summary ${i}`, agent: 'coder' });
  }
}

function time(work: () => unknown, runs = 15): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function listTurnsTimes(dir: string): Promise<BenchRow[]> {
  const store = SqliteStore.open(join(dir, 'sessions.db'), { synchronous: 'NORMAL' });
  try {
    const id = store.createSession('long').id;
    fill(store, id, 0, 50);
    const at50 = time(() => store.listTurns(id, { last: 50 }));
    fill(store, id, 50, 5000);
    const at5000 = time(() => store.listTurns(id, { last: 50 }));
    const openPage = time(() => store.listTurns(id, { last: TURNS_PAGE }));
    const full = time(() => store.listTurns(id), 5);
    return [
      {
        suite: 'app',
        metric: 'last 50 turns of a 5,000-turn session',
        value: at5000,
        unit: 'ms',
        baseline: { label: 'the same of a 50-turn session', value: at50 },
        ratio: at5000 / at50,
        target: 'flat (≤ 1.5×)',
        met: at5000 <= at50 * 1.5,
        note: 'each turn a reply and a block; medians of 15',
      },
      {
        suite: 'app',
        metric: `session.open at 5,000 turns (last ${TURNS_PAGE})`,
        value: openPage,
        unit: 'ms',
        baseline: { label: 'listing all 5,000 turns (before pages)', value: full },
        ratio: openPage / full,
      },
    ];
  } finally {
    store.close();
  }
}
