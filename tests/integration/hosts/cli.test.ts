// The CLI contract, on the real CLI process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { titleFrom } from '../../../src-main/core/engine/sessionHandlers.js';
import { runCli } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const replay = (name: string, responses: string[]) => {
  const file = join(home, name);
  writeFileSync(file, JSON.stringify({ responses }));
  return file;
};

describe('agentic run', () => {
  it('prints agent.selected, block.finished and turn.done as JSON lines and exits 0', async () => {
    const file = replay('ok.json', ['Here:\n```bash\necho cli-works\n```']);
    const r = await runCli(['run', 'say hi', '--agent', 'coder', '--replay', file, '--workspace', join(home, 'ws'), '--json'], { home });
    expect(r.code).toBe(0);
    const types = r.lines.map((l) => l.type);
    expect(types[0]).toBe('turn.started');
    expect(types).toContain('agent.selected');
    expect(types.at(-1)).toBe('turn.done');
    expect(r.lines.find((l) => l.type === 'agent.selected')).toMatchObject({ agent: 'coder' });
    const block = r.lines.find((l) => l.type === 'block.finished');
    expect(block).toMatchObject({ tool: 'bash', success: true, exitCode: 0, savedTo: null });
    expect(block!.output).toContain('cli-works');
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.done', agent: 'coder', llmCalls: 1 });
    expect(typeof r.lines.at(-1)!.answer).toBe('string');
  });

  it('declines risky blocks without a terminal and tells the model', async () => {
    const file = replay('risky.json', ['```bash\nrm -rf important\n```', 'Understood, I will not delete it.']);
    const r = await runCli(['run', 'clean up', '--agent', 'coder', '--replay', file, '--workspace', join(home, 'ws2'), '--json'], { home });
    expect(r.code).toBe(0);
    expect(r.lines.find((l) => l.type === 'block.finished')).toMatchObject({ status: 'declined', success: false });
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.done', llmCalls: 2 });
  });

  it('exits 1 with turn.failed REPLAY_EXHAUSTED when the script runs out', async () => {
    const file = replay('empty.json', []);
    const r = await runCli(['run', 'hello', '--agent', 'casual', '--replay', file, '--json'], { home });
    expect(r.code).toBe(1);
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.failed', error: { code: 'REPLAY_EXHAUSTED' } });
  });

  it.each([
    ['a missing replay file', ['run', 'x', '--replay', '/nonexistent/replay.json']],
    ['an unknown agent', ['run', 'x', '--agent', 'wizard', '--replay', '/dev/null']],
    ['an unknown flag', ['run', 'x', '--frobnicate']],
    ['no request', ['run']],
    ['an unknown command', ['fly']],
  ])('exits 2 with one line on stderr for %s', async (_name, args) => {
    const r = await runCli(args, { home });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('continues a session with --session', { timeout: 120_000 }, async () => {
    const first = replay('s1.json', ['Noted: your name is Ada.']);
    const r1 = await runCli(['run', 'my name is Ada', '--agent', 'casual', '--replay', first, '--json'], { home });
    const sessionId = r1.lines[0]!.sessionId as string;
    const second = replay('s2.json', ['Your name is Ada.']);
    const r2 = await runCli(['run', 'what is my name?', '--agent', 'casual', '--replay', second, '--session', sessionId, '--json'], { home });
    expect(r2.code).toBe(0);
    expect(r2.lines[0]!.sessionId).toBe(sessionId);
  });

  it('names a new session from its first request as the other hosts do (through the same contract)', { timeout: 120_000 }, async () => {
    const request = `please   summarise\nthe notes ${'and more '.repeat(10)}`;
    const r = await runCli(['run', request, '--agent', 'casual', '--replay', replay('t.json', ['Done.']), '--json'], { home });
    expect(r.code).toBe(0);
    const sessionId = r.lines[0]!.sessionId as string;
    const listed = await runCli(['sessions', '--json'], { home });
    const session = listed.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; title: string })
      .find((s) => s.id === sessionId);
    // titleFrom, the turn.send handler's rule: spaces folded, cut at a word with an ellipsis.
    expect(session?.title).toBe(titleFrom(request));
    expect(session?.title).toMatch(/^please summarise the notes and more .*…$/);
  });
});

describe('agentic route', () => {
  it('prints the decision as one JSON object with its confidences', { timeout: 120_000 }, async () => {
    const r = await runCli(['route', 'write a python script that prints the first 20 primes', '--json'], { home });
    expect(r.code).toBe(0);
    const d = JSON.parse(r.stdout.trim()) as { agent: string; complexity: string; language: string; confidence: { agent: number; complexity: number } };
    expect(Object.keys(d).sort()).toEqual(['agent', 'complexity', 'confidence', 'language']);
    expect(d).toMatchObject({ agent: 'coder', complexity: 'LOW', language: 'en' });
    expect(d.confidence.agent).toBeGreaterThan(0);
    expect(d.confidence.agent).toBeLessThanOrEqual(1);
  });

  it('reads one request per stdin line and prints one JSON line each, in order', { timeout: 120_000 }, async () => {
    const input = ['bonjour !', '你好', 'find the best free weather API and write a script that uses it', ''].join('\n');
    const r = await runCli(['route'], { home, input });
    expect(r.code).toBe(0);
    const decisions = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { agent: string; language: string });
    expect(decisions).toHaveLength(3);
    expect(decisions[0]).toMatchObject({ agent: 'casual', language: 'fr' });
    expect(decisions[1]).toMatchObject({ agent: 'casual', language: 'zh' });
    expect(decisions[2]!.agent).toBe('planner');
  });
});

describe('agentic run on the embedded model', () => {
  it('streams a real llama.cpp answer from a local GGUF file (the tiny random model) and exits 0', { timeout: 180_000 }, async () => {
    const { tinyModelPath } = await import('../../helpers/tinyGguf.js');
    const r = await runCli(['run', 'hello there', '--agent', 'casual', '--provider', 'llama', '--model', tinyModelPath(), '--json'], { home });
    expect(r.code).toBe(0);
    const deltas = r.lines.filter((l) => l.type === 'answer.delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.done', agent: 'casual', llmCalls: 1 });
    expect(String(r.lines.at(-1)!.answer).length).toBeGreaterThan(0);
  });

  it('without a model, fails the turn with an error that says what to do', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'agentic-nomodel-'));
    try {
      const r = await runCli(['run', 'hello', '--agent', 'casual', '--json'], { home: fresh });
      expect(r.code).toBe(1);
      expect(r.lines.at(-1)).toMatchObject({ type: 'turn.failed', error: { code: 'MODEL_LOAD_FAILED' } });
      expect(String((r.lines.at(-1)!.error as { message: string }).message)).toMatch(/download one in Settings/);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
