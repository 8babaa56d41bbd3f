import { describe, expect, it } from 'vitest';
import { agentLines } from './SelfTestSummary.js';

describe('agentLines', () => {
  it('gives each agent its score, and why it failed', () => {
    const lines = agentLines({
      date: '2026-12-07T18:00:00.000Z',
      model: 'llama-tiny.gguf',
      score: 0.4,
      passed: 1,
      of: 3,
      seconds: 50,
      interrupted: false,
      agents: [
        { agent: 'casual', passed: true, score: 1, seconds: 2, failed: [] },
        { agent: 'coder', passed: false, score: 0.5, seconds: 20, failed: ['the program printed 385'] },
        { agent: 'web', passed: false, score: 0, seconds: 9, failed: ['opened the page'], error: 'the turn was cancelled' },
      ],
    });
    expect(lines).toEqual([
      { agent: 'casual', passed: true, text: 'casual 1.00' },
      { agent: 'coder', passed: false, text: 'coder 0.50 (not: the program printed 385)' },
      { agent: 'web', passed: false, text: 'web 0.00 (the turn was cancelled)' },
    ]);
  });
});
