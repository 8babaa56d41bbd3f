import { describe, expect, it } from 'vitest';
import type { SelfTestProgress } from '../../../src-main/common/selfTest.js';
import { badgeText } from '../chat/SelfTestBadge.js';
import { progressLine } from './selfTestRun.js';

const score = (agent: 'casual' | 'coder', passed: boolean) => ({ agent, passed, score: passed ? 1 : 0, seconds: 2, failed: [] });
const at = (p: Partial<SelfTestProgress>): SelfTestProgress => ({ state: 'running', model: 'llama-m', agent: null, done: [], of: 6, error: null, ...p });

describe('Test this model: the progress line', () => {
  it('names the agent under test and its place, then how it ended', () => {
    expect(progressLine(at({}))).toBe('Starting the test…');
    expect(progressLine(at({ agent: 'coder', done: [score('casual', true)] }))).toBe('Testing the coder agent (2 of 6)…');
    expect(progressLine(at({ state: 'done', done: [score('casual', true), score('coder', false)], of: 2 }))).toBe('Finished: 1 of 2 agents passed.');
    expect(progressLine(at({ state: 'stopped', done: [score('casual', true)] }))).toBe('Stopped after 1 of 6 agents.');
    expect(progressLine(at({ state: 'failed', error: 'No model is configured.' }))).toBe('The test could not run: No model is configured.');
  });

  it('badges a model with its passes and the agents it failed', () => {
    const result = {
      date: '2026-12-07T18:00:00.000Z',
      model: 'llama-m',
      score: 0.5,
      passed: 1,
      of: 2,
      seconds: 9,
      interrupted: false,
      agents: [score('casual', true), score('coder', false)],
    };
    expect(badgeText(result)).toEqual({ text: 'self-test 1/2 · failed: coder', title: 'Self-test of 2026-12-07: score 0.50' });
    expect(badgeText({ ...result, passed: 2, score: 1, agents: [score('casual', true)] }).text).toBe('self-test 2/2');
  });
});
