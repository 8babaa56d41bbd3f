import { describe, expect, it } from 'vitest';
import type { SelfTestResult } from '../../../src-main/common/selfTest.js';
import { turnSelfTestWarning } from './selfTestStore.js';

const tested = Date.parse('2026-12-07T18:00:00.000Z');
const result: SelfTestResult = {
  date: new Date(tested).toISOString(),
  model: 'llama-qwen2.5-7b-instruct-q4_k_m.gguf',
  score: 0.6,
  passed: 3,
  of: 5,
  seconds: 71,
  interrupted: false,
  agents: [
    { agent: 'casual', passed: true, score: 1, seconds: 4, failed: [] },
    { agent: 'coder', passed: false, score: 0.5, seconds: 30, failed: ['the program printed 385'] },
    { agent: 'web', passed: false, score: 0, seconds: 20, failed: [], error: 'no browser' },
  ],
};

describe('turnSelfTestWarning', () => {
  it('warns on a turn routed, after the test, to an agent the model failed', () => {
    expect(turnSelfTestWarning({ agent: 'coder', createdAt: tested + 60_000 }, result)).toBe(
      'This model failed the coder self-test on 2026-12-07 (score 0.50); answers may be unreliable.',
    );
    expect(turnSelfTestWarning({ agent: 'web', createdAt: tested + 1 }, result)).toMatch(/web self-test/);
  });

  it('stays silent for a passed agent, a turn not yet routed, a turn older than the test, or no result', () => {
    expect(turnSelfTestWarning({ agent: 'casual', createdAt: tested + 1 }, result)).toBeNull();
    expect(turnSelfTestWarning({ agent: null, createdAt: tested + 1 }, result)).toBeNull();
    expect(turnSelfTestWarning({ agent: 'coder', createdAt: tested - 1 }, result)).toBeNull();
    expect(turnSelfTestWarning({ agent: 'coder', createdAt: tested + 1 }, null)).toBeNull();
  });
});
