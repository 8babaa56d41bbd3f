// Memory, sessions, concurrency and stop through the real engine and SQLite store.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Host processes whose command line contains `needle` (PIDs inside the sandbox mean nothing out here). */
const processesWith = (needle: string) =>
  readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/cmdline`, 'latin1').replaceAll('\0', ' ').includes(needle);
      } catch {
        return false;
      }
    });
const waitFor = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('memory and sessions', () => {
  it('reasoning-never-reaches-memory', async () => {
    t = await startTestApp(['<think>SECRET-CHAIN-OF-THOUGHT</think>The answer is 4.', 'Sure.']);
    const session = t.newSession();
    const first = await t.turn(session, '2+2?', 'casual');
    expect(first.answer).toBe('The answer is 4.');
    expect(t.of('turn.done', first.turnId)[0]!.reasoning).toContain('SECRET-CHAIN-OF-THOUGHT');
    await t.turn(session, 'thanks', 'casual');
    const secondCall = t
      .replay()
      .calls[1]!.map((m) => m.content)
      .join('\n');
    expect(secondCall).toContain('The answer is 4.');
    expect(secondCall).not.toContain('SECRET-CHAIN-OF-THOUGHT');
    const stored = t.app.store
      .loadMemory(session)
      .map((m) => m.content)
      .join('\n');
    expect(stored).not.toContain('SECRET');
    // The UI still gets the reasoning, stored beside the reply.
    expect(t.app.store.listTurns(session)[0]!.replies[0]!.reasoning).toContain('SECRET-CHAIN-OF-THOUGHT');
  });

  it('two-sessions-run-concurrently-without-crossing-memory', async () => {
    t = await startTestApp(['one', 'two', 'three', 'four']);
    const a = t.newSession();
    const b = t.newSession();
    const both = await Promise.all([t.turn(a, 'ALPHA-REQUEST', 'casual'), t.turn(b, 'BRAVO-REQUEST', 'casual')]);
    expect(both.map((o) => o.status)).toEqual(['done', 'done']);
    await Promise.all([t.turn(a, 'ALPHA-AGAIN', 'casual'), t.turn(b, 'BRAVO-AGAIN', 'casual')]);
    for (const call of t.replay().calls) {
      const text = call.map((m) => m.content).join('\n');
      expect(text.includes('ALPHA') && text.includes('BRAVO')).toBe(false);
    }
    const memA = t.app.store
      .loadMemory(a)
      .map((m) => m.content)
      .join('\n');
    expect(memA).toContain('ALPHA-AGAIN');
    expect(memA).not.toContain('BRAVO');
  });

  it('turns-of-one-session-queue-instead-of-answering-busy', async () => {
    t = await startTestApp(['first', 'second']);
    const s = t.newSession();
    const [x, y] = await Promise.all([t.turn(s, 'q1', 'casual'), t.turn(s, 'q2', 'casual')]);
    expect([x.answer, y.answer]).toEqual(['first', 'second']);
    expect(
      t
        .replay()
        .calls[1]!.map((m) => m.content)
        .join('\n'),
    ).toContain('q1');
  });

  it('stop-during-a-long-block-kills-its-process-tree-and-the-next-turn-works', { timeout: 60_000 }, async () => {
    t = await startTestApp([fence('bash', 'sleep 987.654 & echo started > bg.pid; nohup sleep 987.655 >/dev/null 2>&1 & setsid sleep 987.656 & sleep 60'), 'back to normal']);
    const session = t.newSession();
    const { turnId, done } = t.app.engine.send(session, 'sleep a lot', 'coder');
    const pidFile = join(t.workspace, 'bg.pid');
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim().length > 0, 30_000);
    // All three background children run before the stop (so the check after it cannot pass vacuously).
    await waitFor(() => processesWith('sleep 987.65').length >= 3, 10_000);
    const started = Date.now();
    expect(t.app.engine.cancel(turnId)).toBe(true);
    const out = await done;
    expect(out.status).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(t.of('turn.cancelled', turnId)).toHaveLength(1);
    await waitFor(() => processesWith('sleep 987.65').length === 0, 5_000);
    const next = await t.turn(session, 'are you ok?', 'casual');
    expect(next).toMatchObject({ status: 'done', answer: 'back to normal' });
    expect(t.app.store.listTurns(session).map((r) => r.status)).toEqual(['cancelled', 'done']);
  });

  it('stop-during-a-model-call-cancels-it-at-once', async () => {
    t = await startTestApp(['x'.repeat(20_000)]);
    const session = t.newSession();
    const { turnId, done } = t.app.engine.send(session, 'talk forever', 'casual');
    await waitFor(() => t!.of('answer.delta', turnId).length > 0);
    t.app.engine.cancel(turnId);
    expect((await done).status).toBe('cancelled');
    const streamed = t
      .of('answer.delta', turnId)
      .map((e) => e.text)
      .join('');
    expect(streamed.length).toBeLessThan(20_000);
  });

  it('a-failed-provider-call-fails-the-turn-with-a-code (replay exhausted)', async () => {
    t = await startTestApp([]);
    const out = await t.turn(t.newSession(), 'hello', 'casual');
    expect(out.status).toBe('failed');
    expect(out.error?.code).toBe('REPLAY_EXHAUSTED');
    expect(t.of('turn.failed')[0]!.error.code).toBe('REPLAY_EXHAUSTED');
  });

  it('compaction-triggers-at-the-budget-and-keeps-the-latest-turn', async () => {
    const long = (tag: string) => `${tag} ` + 'lorem ipsum dolor sit amet '.repeat(40);
    t = await startTestApp([long('A1'), long('A2'), long('A3'), 'SUMMARY-OF-EARLIER-TURNS', 'A4'], { contextSize: 4096 });
    const s = t.newSession();
    for (const q of ['Q1', 'Q2', 'Q3']) await t.turn(s, q, 'casual');
    const out = await t.turn(s, 'Q4', 'casual');
    expect(out.answer).toBe('A4');
    const compacted = t.of('context.compacted');
    expect(compacted).toHaveLength(1);
    expect(compacted[0]!.afterTokens).toBeLessThan(compacted[0]!.beforeTokens);
    const seen = t
      .replay()
      .calls.at(-1)!
      .map((m) => m.content)
      .join('\n');
    expect(seen).toContain('SUMMARY-OF-EARLIER-TURNS');
    expect(seen).toContain('A3 lorem'); // the latest exchange is kept verbatim
    expect(seen).not.toContain('A1 lorem');
    expect(out.llmCalls).toBe(2); // the summary call counts
  });
});

describe('routing in a turn', () => {
  it('auto sends the request through the ONNX router before any model call, and keeps the language', async () => {
    t = await startTestApp(['```python\nprint(sum(range(10)))\n```']);
    const out = await t.turn(t.newSession(), 'écris un script python qui affiche la somme des nombres de 0 à 9', 'auto');
    const [selected] = t.of('agent.selected', out.turnId);
    expect(selected).toMatchObject({ agent: 'coder', reason: 'router' });
    expect(selected!.routing).toMatchObject({ agent: 'coder', complexity: 'LOW', language: 'fr' });
    // The agent was told to answer in French.
    expect(t.replay().calls[0]![0]!.content).toContain('answer in French');
  });

  it('an explicit agent skips the router choice but keeps the detected language', async () => {
    t = await startTestApp(['fine']);
    const out = await t.turn(t.newSession(), 'écris un script python, s’il te plaît', 'casual');
    expect(t.of('agent.selected', out.turnId)[0]).toMatchObject({ agent: 'casual', reason: 'user', routing: null });
    expect(t.replay().calls[0]![0]!.content).toContain('answer in French');
  });
});

describe('naming an agent', () => {
  it('"@coder …" at the start of a request picks the coder and skips the router', async () => {
    t = await startTestApp(['Sure.']);
    const out = await t.turn(t.newSession(), '@coder hello there', 'auto');
    expect(t.of('agent.selected', out.turnId)[0]).toMatchObject({ agent: 'coder', reason: 'user' });
    expect(t.replay().calls[0]!.at(-1)!.content).toBe('hello there');
  });
});
