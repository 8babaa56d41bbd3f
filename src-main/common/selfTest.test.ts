import { describe, expect, it } from 'vitest';
import { currentResult, selfTestModelKey, selfTestWarning, type SelfTestResult } from './selfTest.js';

const result = (model: string, agents: [string, boolean, number][], date = '2026-12-07T18:00:00.000Z'): SelfTestResult => ({
  date,
  model,
  score: 0.5,
  passed: agents.filter((a) => a[1]).length,
  of: agents.length,
  seconds: 40,
  interrupted: false,
  agents: agents.map(([agent, passed, score]) => ({ agent: agent as SelfTestResult['agents'][number]['agent'], passed, score, seconds: 8, failed: passed ? [] : ['x'] })),
});

describe('selfTestModelKey', () => {
  it('names a GGUF by its file, whichever separator its path uses, and keeps the key a safe file name', () => {
    expect(selfTestModelKey('llama', '/home/ann/models/Qwen2.5-7B-Instruct-Q4_K_M.gguf')).toBe('llama-Qwen2.5-7B-Instruct-Q4_K_M.gguf');
    expect(selfTestModelKey('llama', 'C:\\Users\\ann\\models\\phi-4.gguf')).toBe('llama-phi-4.gguf');
    expect(selfTestModelKey('ollama', 'qwen2.5:7b')).toBe('ollama-qwen2.5_7b');
    expect(selfTestModelKey('openai', '')).toBe('openai-default');
    expect(selfTestModelKey('openai', '../../etc/passwd')).toBe('openai-passwd');
  });
});

describe('selfTestWarning', () => {
  const r = result('ollama-qwen2.5_7b', [
    ['casual', true, 1],
    ['coder', false, 0.5],
    ['web', false, 0],
  ]);

  it('warns for an agent the model failed, with the date and score', () => {
    expect(selfTestWarning('coder', r)).toBe('This model failed the coder self-test on 2026-12-07 (score 0.50); answers may be unreliable.');
    expect(selfTestWarning('web', r)).toContain('web self-test');
  });

  it('says nothing for a passed agent, an agent not in the battery, no agent or no result', () => {
    expect(selfTestWarning('casual', r)).toBeNull();
    expect(selfTestWarning('mcp', r)).toBeNull();
    expect(selfTestWarning(null, r)).toBeNull();
    expect(selfTestWarning('coder', null)).toBeNull();
  });

  it('does not count the task the user stopped the test in', () => {
    const stopped = {
      ...r,
      interrupted: true,
      agents: [...r.agents, { agent: 'file' as const, passed: false, score: 0, seconds: 2, failed: ['x'], error: 'the turn was cancelled' }],
    };
    expect(selfTestWarning('file', stopped)).toBeNull();
    expect(selfTestWarning('coder', stopped)).toContain('coder self-test');
  });

  it('takes the configured model’s result only', () => {
    const other = result('llama-tiny.gguf', [['coder', false, 0]]);
    expect(currentResult({ current: 'ollama-qwen2.5_7b', results: [other, r] })).toBe(r);
    expect(currentResult({ current: 'openai-gpt', results: [other, r] })).toBeNull();
    expect(currentResult(null)).toBeNull();
  });
});
