// A long conversation written straight into a data folder's SQLite store (the app's own SqliteStore),
// for the long-session e2e test and the renderer bench: `turns` turns, `blocks` of them with an
// executed block (its placeholder in the reply, a few lines of output), every answer some Markdown.
import { join } from 'node:path';
import { blockPlaceholder } from '../../src-main/common/placeholders.js';
import { SqliteStore } from '../../src-main/node/store/sqliteStore.js';

export interface SeededSession {
  sessionId: string;
  title: string;
}

function replyText(i: number, blockId: string | null): string {
  const lines = [
    `Answer **${i}**: here is what I found about item ${i}.`,
    '',
    `- the first point of answer ${i}, with \`inline code\``,
    `- a second point that runs a little longer so that it wraps on a narrow window, number ${i}`,
    '',
    i % 3 === 0 ? `| key | value |\n| --- | --- |\n| n | ${i} |\n` : `A closing paragraph for answer ${i}.`,
  ];
  if (blockId) lines.push('', blockPlaceholder(blockId), '', `The block printed the squares up to ${i % 7}.`);
  return lines.join('\n');
}

/** Writes one session of `turns` turns into `<home>/sessions.db`; the first `blocks` turns spread over it carry a block. */
export function seedLongSession(home: string, turns: number, blocks: number, title = `Long session ${turns}`, prefix = 'seed'): SeededSession {
  const store = SqliteStore.open(join(home, 'sessions.db'));
  try {
    const session = store.createSession(title);
    const every = blocks > 0 ? turns / blocks : Infinity;
    let placed = 0;
    for (let i = 0; i < turns; i++) {
      const turnId = `${prefix}-${i}`;
      const withBlock = placed < blocks && i >= placed * every;
      const blockId = withBlock ? `${prefix}-b${i}` : null;
      store.startTurn({ turnId, sessionId: session.id, request: `Question ${i}: tell me about item ${i}` });
      store.updateTurn(turnId, { agent: withBlock ? 'coder' : 'casual' });
      store.addReply(turnId, { call: 1, text: replyText(i, blockId), reasoning: '' });
      if (blockId) {
        placed++;
        const output = Array.from({ length: 1 + (i % 7) }, (_, k) => `${k} squared is ${k * k}`).join('\n') + '\n';
        store.addBlock(turnId, {
          blockId,
          call: 1,
          tool: 'python',
          code: `for k in range(${1 + (i % 7)}):\n    print(k, 'squared is', k * k)`,
          status: 'ok',
          success: true,
          exitCode: 0,
          output,
          savedTo: null,
          durationMs: 40,
        });
      }
      store.updateTurn(turnId, { status: 'done', answer: '' });
    }
    return { sessionId: session.id, title };
  } finally {
    store.close();
  }
}
