// Model output that used to freeze or break the app: a 20,000-element literal list (23.6 s in the
// judge), a deeply nested shell line (failed the turn), a reply with 10,000 blocks (unfinished after
// 200 s), a 100 KB one-line fence (a minute in the block parser). Each must finish, and ask where it
// cannot be checked. Speed figures are in bench/suites/judge.bench.ts; the event-loop delay is only
// checked loosely here, as a guard against a return of the minutes-long stalls.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { JudgeOptions } from '../../src-main/core/approval/judge.js';
import { DEFAULT_MAX_BLOCKS, parseReplyBlocks } from '../../src-main/core/blocks/parse.js';
import type { Block } from '../../src-main/core/ports.js';
import { checkShellSyntax } from '../../src-main/node/exec/shellSyntax.js';
import { fence, startTestApp } from '../helpers/appHarness.js';
import { judgeAsInstalled, toolsNamed } from '../helpers/toolDefinitions.js';

const opts: JudgeOptions = { workspace: '/home/u/project', mode: 'ask-risky', checkShellSyntax };
const block = (tag: string, code: string): Block => ({ id: 'b1', tag, code, savePath: null, params: {}, start: 0, end: 0 });

/** `sh -c 'sh -c '\''…'\'''`: each level quotes the one inside it. */
const nestShells = (inner: string, depth: number): string => (depth === 0 ? inner : nestShells(`sh -c '${inner.replace(/'/g, "'\\''")}'`, depth - 1));

/** Runs fn and reports the longest event-loop stall seen meanwhile, in ms. */
async function withLoopDelay<T>(fn: () => Promise<T>): Promise<{ value: T; maxDelayMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const value = await fn();
    await new Promise((r) => setTimeout(r, 30));
    return { value, maxDelayMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

describe('the judge finishes on hostile blocks', () => {
  it('a Python block holding a 20,000-element literal list', async () => {
    const code = `x = [${Array.from({ length: 20_000 }, (_, i) => `"item-${i}"`).join(', ')}]\nprint(len(x))`;
    const { value, maxDelayMs } = await withLoopDelay(() => judgeAsInstalled(block('python', code), opts));
    // Judged (allowed: it only prints) or, on a slow machine, asked because the budget ran out.
    if (value.action !== 'allow') expect(value.reasons.join(' ')).toMatch(/too complex to check in time/);
    expect(maxDelayMs).toBeLessThan(1000);
  });

  it.each([
    ['command substitutions', `echo ${'$('.repeat(10_000)}rm notes.txt${')'.repeat(10_000)}`, /too deeply/],
    ['quoted substitutions', `echo ${'"$('.repeat(10_000)}rm x${')"'.repeat(10_000)}`, /too deeply/],
    ['backticks inside $(…)', `echo ${'$(echo `'.repeat(2_000)}rm x${'`)'.repeat(2_000)}`, /too deeply|rm/],
    ['sh -c inside sh -c', nestShells('rm x', 7), /too deeply/],
    ['subshells', `${'('.repeat(10_000)}rm x${')'.repeat(10_000)}`, /rm|in time/],
    ['parameter expansions', `${'${'.repeat(10_000)}x${'}'.repeat(10_000)}`, /computed at run time|in time/],
  ])('a deeply nested shell line (%s) asks instead of failing', async (_name, code, reason) => {
    const { value, maxDelayMs } = await withLoopDelay(() => judgeAsInstalled(block('bash', code), opts));
    expect(value.action).toBe('ask');
    expect(value.action === 'ask' && value.reasons.join(' | ')).toMatch(reason);
    expect(maxDelayMs).toBeLessThan(1000);
  });

  it('a block whose check outlasts the time budget asks', async () => {
    const code = Array.from({ length: 6_000 }, (_, i) => `echo "line ${i}" | grep -v x >> out.txt`).join('\n');
    const verdict = await judgeAsInstalled(block('bash', code), { ...opts, timeBudgetMs: 1 });
    expect(verdict).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/too complex to check in time/)] });
  });

  it('a block over the size limit asks without being read', async () => {
    const verdict = await judgeAsInstalled(block('python', `print(1)\n${'#'.repeat(600 * 1024)}`), opts);
    expect(verdict).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/too long to check/)] });
  });
});

describe('the block parser is linear', () => {
  it('a 100 KB one-line fence that never closes', () => {
    const reply = '```bash ' + 'a`'.repeat(50_000);
    expect(parseReplyBlocks(reply, toolsNamed('bash'))).toEqual({ blocks: [], refused: 0, foreign: [] });
  });

  it('keeps the first blocks of a 10,000-block reply and counts the rest', () => {
    const reply = Array.from({ length: 10_000 }, (_, i) => fence('bash', `echo ${i}`)).join('\n');
    const parsed = parseReplyBlocks(reply, toolsNamed('bash'), { maxBlocks: DEFAULT_MAX_BLOCKS });
    expect(parsed.blocks).toHaveLength(20);
    expect(parsed.blocks.at(-1)!.code).toBe('echo 19');
    expect(parsed.refused).toBe(9_980);
  });
});

describe('a reply with 10,000 blocks', () => {
  it('runs the first 20, refuses the rest with feedback, and the turn finishes', { timeout: 120_000 }, async () => {
    const reply = Array.from({ length: 10_000 }, (_, i) => fence('bash', `echo block-${i}`)).join('\n');
    const t = await startTestApp([reply, 'All done.'], { replayChunkSize: 4096 });
    try {
      const { value: out, maxDelayMs } = await withLoopDelay(() => t.turn(t.newSession(), 'print ten thousand lines', 'coder'));
      expect(out.status).toBe('done');
      const finished = t.of('block.finished', out.turnId);
      expect(finished).toHaveLength(20);
      expect(finished.every((b) => b.status === 'ok')).toBe(true);
      expect(t.of('block.started', out.turnId).some((b) => b.code === 'echo block-20')).toBe(false);
      // The model is told, and gets to send the rest.
      const feedback = t.replay().calls[1]!.at(-1)!.content;
      expect(feedback).toMatch(/Only the first 20 blocks of your reply were considered; the other 9980 were not run/);
      expect(out.answer).toBe('All done.');
      // Loose on purpose: sandboxed blocks and SQLite share the two cores with other test workers; the stall this guards against took minutes.
      expect(maxDelayMs).toBeLessThan(5000);
    } finally {
      await t.close();
    }
  });

  it('honours a lower limit from Settings', { timeout: 120_000 }, async () => {
    const reply = Array.from({ length: 10 }, (_, i) => fence('bash', `echo block-${i}`)).join('\n');
    const t = await startTestApp([reply, 'ok'], { settings: { maxBlocksPerReply: 3 } });
    try {
      const out = await t.turn(t.newSession(), 'print lines', 'coder');
      expect(t.of('block.finished', out.turnId)).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
