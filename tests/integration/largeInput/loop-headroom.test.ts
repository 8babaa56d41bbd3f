// Headroom inside an agent loop: tool results pile up past the context within one turn; before the
// call that would overflow, the oldest large ones are moved to files (handles left in place)
// instead of the turn failing or the model reading text cut in the middle.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../src-main/core/llm/replay.js';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';

const CONTEXT = 4096;

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const chapter = (n: number) => Array.from({ length: 70 }, (_, i) => `Chapter ${n}, paragraph ${i + 1}: the harbour master logged ${n * 100 + i} arrivals.`).join('\n');

describe('context headroom in a loop', () => {
  it('older tool results move to files before the call that would overflow, never failing the turn', async () => {
    const read = (n: number) => fence('file_finder', `name=chapter${n}.txt\naction=read`);
    t = await startTestApp(
      [
        `Let me read the first chapter.\n${read(1)}`,
        `Now the second.\n${read(2)}`,
        `And the third.\n${read(3)}`,
        'The harbour master logged arrivals in all three chapters, rising from chapter 1 to chapter 3.',
        'UNUSED',
      ],
      { contextSize: CONTEXT },
    );
    for (const n of [1, 2, 3]) writeFileSync(join(t.workspace, `chapter${n}.txt`), chapter(n));
    const out = await t.turn(t.newSession(), 'read chapter1.txt to chapter3.txt one by one and compare them', 'file');
    expect(out.status).toBe('done');
    expect(out.llmCalls).toBe(4);
    const calls = t.replay().calls;
    for (const messages of calls) expect(messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0)).toBeLessThanOrEqual(CONTEXT);
    // The last call holds chapter 3 in full, and the earlier chapters as handles to files holding them whole.
    const last = calls[3]!;
    expect(last.at(-1)!.content).toContain('Chapter 3, paragraph 70');
    const stored = t.of('input.stored', out.turnId);
    expect(stored.length).toBeGreaterThan(0);
    const handles = last.filter((m) => m.content.includes('was too large for the model') && m.content.includes(stored[0]!.path));
    expect(handles.length).toBeGreaterThan(0);
    expect(readFileSync(join(t.workspace, stored[0]!.path), 'utf8')).toContain('Chapter 1, paragraph 70');
    // Nothing was cut in the middle.
    expect(last.map((m) => m.content).join('\n')).not.toContain('cut to fit the model context');
  }, 60_000);
});
