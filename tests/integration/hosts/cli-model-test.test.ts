// `agentic models test` on the real CLI: Replay scripts for a good and a bad model, and the tiny
// generated GGUF, in a scratch workspace; never the user's workspace.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-selftest-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
// Replay scripts in battery order: casual, coder, file (two calls), web (two), mcp (two), planner (plan, step 1,
// revision, step 2); the bad model answers every call with the same vague sentence.
const GOOD = join(ROOT, 'tests/fixtures/selftest/good-model.json');
const BAD = join(ROOT, 'tests/fixtures/selftest/bad-model.json');

const parse = (lines: Record<string, unknown>[]) => ({
  agents: lines.filter((l) => 'agent' in l),
  summary: lines.find((l) => l.summary === true),
});

describe('agentic models test', () => {
  it('scores a good model 1 on every agent, one JSON line per agent then a summary, and keeps the result', async () => {
    const ws = join(home, 'workspace');
    const r = await runCli(['models', 'test', '--replay', GOOD, '--json'], { home, timeoutMs: 180_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { agents, summary } = parse(r.lines);
    expect(agents.map((a) => [a.agent, a.passed, a.score])).toEqual([
      ['casual', true, 1],
      ['coder', true, 1],
      ['file', true, 1],
      ['web', true, 1],
      ['mcp', true, 1],
      ['planner', true, 1],
    ]);
    for (const a of agents) expect(Object.keys(a).sort()).toEqual(['agent', 'passed', 'score', 'seconds']);
    expect(summary).toMatchObject({ score: 1, passed: 6, of: 6 });
    // Replay has no tokenizer: the speeds are there, and labelled as estimates.
    expect(summary).toMatchObject({ promptTokensPerSecond: expect.any(Number), generationTokensPerSecond: expect.any(Number), speedSource: 'estimated' });
    const kept = readdirSync(join(home, 'model-tests'));
    expect(kept).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(home, 'model-tests', kept[0]!), 'utf8'))).toMatchObject({ score: 1, agents: expect.any(Array), speed: { source: 'estimated' } });
    expect(existsSync(join(ws, 'hello.txt'))).toBe(false);
  }, 200_000);

  it('keeps the result where the app reads it (models.testResults)', async () => {
    const { createApp } = await import('../../../src-main/app/index.js');
    const { silentLogger } = await import('../../../src-main/node/logger.js');
    const app = await createApp({ host: 'cli', dataDir: home, logger: silentLogger });
    try {
      const { results } = await app.handlers['models.testResults']({}, { clientId: 'c' });
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ model: expect.stringMatching(/^replay-/), score: 1, passed: 6, of: 6 });
      expect(results[0]!.agents.map((a) => a.agent)).toEqual(['casual', 'coder', 'file', 'web', 'mcp', 'planner']);
    } finally {
      await app.dispose();
    }
  });

  it('scores a bad model low and still exits 0', async () => {
    const r = await runCli(['models', 'test', '--replay', BAD, '--json'], { home, timeoutMs: 180_000 });
    expect(r.code).toBe(0);
    const { agents, summary } = parse(r.lines);
    expect(agents).toHaveLength(6);
    expect(agents.filter((a) => a.passed)).toEqual([]);
    expect(summary!.score as number).toBeLessThan(0.3);
  }, 200_000);

  it('exits 1 with one line when it cannot run', async () => {
    const r = await runCli(['models', 'test', '--replay', join(home, 'missing.json'), '--json'], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/could not run/);
  });

  it('runs the tiny generated GGUF to the end with a low score', async () => {
    const { tinyModelPath } = await import('../../helpers/tinyGguf.js');
    const r = await runCli(['models', 'test', '--provider', 'llama', '--model', tinyModelPath(), '--json'], { home, timeoutMs: 540_000 });
    expect(r.code).toBe(0);
    const { agents, summary } = parse(r.lines);
    expect(agents).toHaveLength(6);
    expect(summary!.score as number).toBeLessThan(0.5);
    // The embedded engine counts its own tokens: the speeds come from it, not estimates.
    expect(summary).toMatchObject({ generationTokensPerSecond: expect.any(Number), speedSource: 'engine' });
  }, 560_000);
});
