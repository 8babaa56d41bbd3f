// A block whose output is far larger than the context (300 KB) inside the coder loop: the output
// is kept whole as a workspace file, the model gets a handle, and reads the part it needs back by
// range with file_finder. Real interpreters, store and tools; only the model is scripted.
import { readFileSync } from 'node:fs';
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

describe('a tool output larger than the context', () => {
  it('coder-keeps-a-300-KB-output-as-a-file-and-reads-it-back-by-range', async () => {
    // 30 000 lines of about 10 bytes: 300 KB, then a failing exit so the loop goes on.
    const flood = fence('bash', 'seq -f "row %05g ok" 1 30000\nexit 3');
    const readBack = fence('file_finder', 'name=.agentic/inputs/*-output-*.txt\naction=read\nlines=12000-12004');
    t = await startTestApp(
      [
        `I'll list the rows first.\n${flood}`,
        `The output is stored in a file; let me look at the rows around 12000.\n${readBack}`,
        'Row 12000 reads "row 12000 ok"; the script then exited with status 3.',
        'UNUSED',
      ],
      { contextSize: CONTEXT },
    );
    const out = await t.turn(t.newSession(), 'print 30000 numbered rows and tell me what row 12000 says', 'coder');
    expect(out.status).toBe('done');
    expect(out.llmCalls).toBe(3);

    const [stored] = t.of('input.stored', out.turnId);
    const kept = readFileSync(join(t.workspace, stored!.path), 'utf8');
    expect(kept.length).toBeGreaterThan(290_000);
    expect(kept).toContain('row 29999 ok');

    const calls = t.replay().calls;
    for (const messages of calls) {
      expect(messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0)).toBeLessThanOrEqual(CONTEXT);
    }
    // The second call saw the handle (path, size, first lines, last lines), not the flood.
    const second = calls[1]!.at(-1)!.content;
    expect(second).toContain(stored!.path);
    expect(second).toContain('row 00001 ok');
    expect(second).toContain('row 30000 ok');
    expect(second).not.toContain('row 15000 ok');
    // The third call got exactly the lines asked for.
    const third = calls[2]!.at(-1)!.content;
    expect(third).toContain(`${stored!.path}, lines 12000–12004 of`);
    expect(third).toMatch(/row 12000 ok\nrow 12001 ok\nrow 12002 ok\nrow 12003 ok\nrow 12004 ok/);
    expect(third).not.toContain('row 12005 ok');
    expect(t.of('turn.failed', out.turnId)).toHaveLength(0);
  }, 60_000);
});
