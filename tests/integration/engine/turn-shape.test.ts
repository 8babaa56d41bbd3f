// One turn shape: a turn rebuilt from its stored record shows what the live events showed (terminal
// text with its colours, save paths, the error's code), because the renderer builds both the same
// way. Real app, real interpreters and SQLite; only the model is scripted.
import { afterEach, describe, expect, it } from 'vitest';
import { reduceEvents } from '../../../src-renderer/state/reducer.js';
import { turnFromRecord } from '../../../src-renderer/state/turnRecord.js';
import { emptyDomain, type TurnView } from '../../../src-renderer/state/types.js';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';

const fence = (info: string, code: string) => '```' + info + '\n' + code + '\n```';
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** What a reload cannot know and need not: when the page first saw the turn, and live-only progress. */
const comparable = (turn: TurnView) => ({ ...turn, createdAt: 0, progress: null });

async function liveAndStored(app: TestApp, sessionId: string, turnId: string): Promise<{ live: TurnView; stored: TurnView }> {
  const live = reduceEvents(emptyDomain(), app.events).turns[turnId]!;
  const opened = await app.app.handlers['session.open']({ id: sessionId }, { clientId: 'test' });
  const record = opened.turns.find((r) => r.turnId === turnId)!;
  return { live: comparable(live), stored: comparable(turnFromRecord(record, sessionId)) };
}

describe('a reloaded turn has the live turn’s shape', () => {
  it('keeps the terminal’s colours, the save path and the answer of a coder turn', async () => {
    t = await startTestApp([
      `Printing in red, then saving a script.\n${fence('bash', "printf '\\033[31mred\\033[0m plain\\n'")}\n${fence('python:tools/hello.py', 'print("hello")')}`,
      'Printed "red plain" and saved tools/hello.py, which prints hello.',
    ]);
    const sessionId = t.newSession();
    const outcome = await t.turn(sessionId, 'print something red and save a hello script', 'coder');
    expect(outcome.status).toBe('done');
    const { live, stored } = await liveAndStored(t, sessionId, outcome.turnId);
    const blocks = Object.values(stored.blocks);
    expect(blocks.some((b) => b.output.includes('\u001b[31mred'))).toBe(true);
    expect(blocks.map((b) => b.savePath)).toContain('tools/hello.py');
    expect(stored).toEqual(live);
  });

  it('keeps a failed turn’s error code', async () => {
    t = await startTestApp([]);
    const sessionId = t.newSession();
    const outcome = await t.turn(sessionId, 'hello there', 'casual');
    expect(outcome.status).toBe('failed');
    const { live, stored } = await liveAndStored(t, sessionId, outcome.turnId);
    expect(stored.error?.code).toBe('REPLAY_EXHAUSTED');
    expect(stored).toEqual(live);
  });
});
