// Child process for the store's crash-safety test: appends messages (and some turn records) to a
// session as fast as it can and prints `ack <id> <length> <tag>` once each append has returned, i.e.
// once the store acknowledged it. The test kills this process with SIGKILL at random moments.
// Usage: node storeWriter.js <dbPath> <sessionId>
import { writeSync } from 'node:fs';
import { SqliteStore } from '../../src-main/node/store/sqliteStore.js';

const [dbPath, sessionId] = process.argv.slice(2);
if (!dbPath || !sessionId) throw new Error('usage: storeWriter <dbPath> <sessionId>');

// The app's own setting (see app/foundations.ts): the kill -9 guarantee must hold for it.
const store = SqliteStore.open(dbPath, { synchronous: 'NORMAL' });
writeSync(1, 'ready\n');
for (let n = 0; ; n++) {
  const tag = `${process.pid}-${n}`;
  // Sizes up to a few pages, so some writes span several WAL frames and a kill can land mid-commit.
  const content = `${tag}:` + 'x'.repeat(Math.floor(Math.random() * 12_000));
  const message = store.appendMessage({ sessionId, turnId: null, role: n % 2 ? 'assistant' : 'user', content, kind: 'message' });
  writeSync(1, `ack ${message.id} ${content.length} ${tag}\n`);
  if (n % 10 === 0) {
    const turnId = `turn-${tag}`;
    store.startTurn({ turnId, sessionId, request: content.slice(0, 200) });
    store.addReply(turnId, { call: 1, text: 'reply', reasoning: '' });
    store.updateTurn(turnId, { status: 'done', answer: 'done' });
  }
}
