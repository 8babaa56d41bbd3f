// A paste far larger than the context (1 MB) is kept as a workspace file and summarised part by
// part through the real engine and store; only the model is scripted (Replay).
import { readFileSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planParts } from '../../../src-main/core/largeInput/digest.js';
import { estimateTokens } from '../../../src-main/core/llm/replay.js';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';
import { filePromptSource } from '../../helpers/scriptedAgentContext.js';

const CONTEXT = 8192;
const REPLY = 1024;
const CITIES = ['Lyon', 'Porto', 'Gdańsk', 'Utrecht', 'Bilbao', 'Turin', 'Brno'];

/** About 1 MB of a shipping log, with a heading every 500 lines, as people paste them. */
function shippingLog(targetChars: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 1; size < targetChars; i++) {
    const line =
      i % 500 === 1
        ? `## Week ${Math.ceil(i / 500)}`
        : `Shipment ${i} left ${CITIES[i % 7]} on day ${(i % 28) + 1} with ${(i * 37) % 900} crates; the carrier reported ${i % 11 === 0 ? 'a delay at customs' : 'no incident'}.`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** What a 7B model writes for one part of a log: a few bullets, no preamble. */
const partNote = (k: number) => `- Shipments in this part left ${CITIES[k % 7]} and ${CITIES[(k + 3) % 7]} mostly without incident.\n- ${k % 3} customs delays are reported.`;

describe('a paste larger than the context', () => {
  it('paste-of-1-MB-is-summarised-in-parts-not-refused-with-CONTEXT_OVERFLOW', async () => {
    const body = shippingLog(1_000_000);
    const instruction = 'Summarise this shipping log: where did the shipments leave from, and were there problems?';
    const vars = { os: platform(), workspace: '', languages: [], language: 'en', date: new Date().toISOString().slice(0, 10) };
    // The stored file's name has a fixed length; a name of that length gives the same prompt size.
    const source = '.agentic/inputs/20260101-000000-input-abcdef.txt';
    const expected = await planParts(async (s) => estimateTokens(s), { prompts: filePromptSource(), vars, contextSize: CONTEXT }, { instruction, text: body, source });
    const n = expected.length;
    const final = 'Shipments left seven cities, mostly Lyon and Porto [part 1, lines 1–200]; customs delays recur every week [part 2, lines 201–400].';
    t = await startTestApp([...Array.from({ length: n }, (_, k) => partNote(k)), final, 'UNUSED'], { contextSize: CONTEXT });
    const session = t.newSession();
    const out = await t.turn(session, `${instruction}\n\n${body}`, 'casual');

    expect(out.status).toBe('done');
    // n parts and one combining call, no more.
    expect(out.llmCalls).toBe(n + 1);
    expect(t.replay().remaining).toBe(1);
    // A 1 MB text at ~4 characters a token cannot fit in fewer parts than this; the cutting wastes little.
    const lowerBound = Math.ceil(estimateTokens(body) / (CONTEXT - REPLY));
    expect(n).toBeGreaterThanOrEqual(lowerBound);
    expect(n).toBeLessThanOrEqual(Math.ceil(lowerBound * 1.35));

    const [stored] = t.of('input.stored', out.turnId);
    expect(stored!.path).toMatch(/^\.agentic\/inputs\/\d{8}-\d{6}-input-[0-9a-f]{6}\.txt$/);
    expect(readFileSync(join(t.workspace, stored!.path), 'utf8')).toBe(body);

    const calls = t.replay().calls;
    for (const messages of calls) {
      const tokens = messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);
      expect(tokens).toBeLessThanOrEqual(CONTEXT - REPLY);
    }
    // The parts cover the whole text, in order, each once.
    expect(
      calls
        .slice(0, n)
        .map((m) => m[1]!.content)
        .join('\n'),
    ).toBe(body);
    expect(calls[6]![0]!.content).toContain(`part 7 of ${n} (lines ${expected[6]!.startLine}–${expected[6]!.endLine} of ${stored!.path})`);
    // The combining call sees every part's notes under its citation.
    const combine = calls[n]!.map((m) => m.content).join('\n');
    expect(combine).toContain(`[part ${n}, lines ${expected[n - 1]!.startLine}–${expected[n - 1]!.endLine}]`);
    expect(combine).toContain(partNote(n - 1));

    const progress = t.of('work.progress', out.turnId);
    expect(progress.filter((p) => p.stage === 'part').map((p) => p.part)).toEqual(Array.from({ length: n }, (_, k) => k + 1));
    expect(progress.at(-1)).toMatchObject({ stage: 'combine', parts: n });
    expect(out.answer).toContain('[part 2, lines 201–400]');
    expect(out.answer).toContain(`Read in ${n} parts from ${stored!.path}`);

    // The session's memory holds the handle, not the megabyte: the next turn fits.
    const user = t.app.store.loadMemory(session).find((m) => m.role === 'user')!;
    expect(user.content.length).toBeLessThan(5_000);
    expect(user.content).toContain(stored!.path);
  }, 60_000);

  it('stop-between-parts-ends-the-digest-at-once', async () => {
    const body = shippingLog(200_000);
    t = await startTestApp(
      Array.from({ length: 40 }, (_, k) => partNote(k)),
      { contextSize: CONTEXT },
    );
    const session = t.newSession();
    const { turnId, done } = t.app.engine.send(session, `Summarise this log.\n\n${body}`, 'casual');
    const stop = t.app.subscribe((e) => {
      if (e.type === 'work.progress' && e.turnId === turnId && e.part === 3) t!.app.engine.cancel(turnId);
    });
    const out = await done;
    stop();
    expect(out.status).toBe('cancelled');
    // Stopped while part 3 was being read: parts 4 and later never reached the model.
    expect(t.replay().calls.length).toBeLessThanOrEqual(3);
    expect(t.of('work.progress', turnId).map((p) => p.part)).toEqual([1, 2, 3]);
    expect(t.of('turn.done', turnId)).toHaveLength(0);
  }, 60_000);
});
