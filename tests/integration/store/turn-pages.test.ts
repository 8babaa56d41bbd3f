// A long session opens on its last turns and pages back through earlier ones without gaps,
// overlaps or another turn's replies and blocks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SqliteStore } from '../../../src-main/node/store/sqliteStore.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-pages-'));
const store = SqliteStore.open(join(dir, 'sessions.db'));
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('pages through a session from its end: every turn once, in order, with its own replies and blocks', () => {
  const id = store.createSession('long').id;
  const other = store.createSession('other').id;
  for (let i = 0; i < 23; i++) {
    for (const session of [id, other]) {
      const turnId = `${session}-${i}`;
      store.startTurn({ turnId, sessionId: session, request: `r${i}` });
      store.addReply(turnId, { call: 1, text: `reply ${i}`, reasoning: '' });
      store.addBlock(turnId, { blockId: `b${i}`, tool: 'bash', status: 'ok', success: true, exitCode: 0, output: `${i}`, savedTo: null, durationMs: 1, code: 'true', call: 1 });
    }
  }
  expect(store.countTurns(id)).toBe(23);
  const pages = [0, 10, 20].map((skip) => store.listTurns(id, { last: 10, skip }));
  expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
  const seen = pages.reverse().flat();
  expect(seen.map((t) => t.request)).toEqual(Array.from({ length: 23 }, (_, i) => `r${i}`));
  expect(seen.map((t) => t.replies.map((r) => r.text).join())).toEqual(Array.from({ length: 23 }, (_, i) => `reply ${i}`));
  expect(seen.every((t, i) => t.blocks.length === 1 && t.blocks[0]!.output === `${i}`)).toBe(true);
  expect(store.listTurns(id)).toEqual(seen); // the pages add up to the full listing
  expect(store.listTurns(id, { last: 10, skip: 30 })).toEqual([]);
});
