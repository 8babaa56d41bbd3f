import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../common/events.js';
import { scoreTask, selfTestBattery } from './battery.js';

const battery = selfTestBattery({ pageUrl: 'http://127.0.0.1:1/p.html' });
const task = (agent: string) => battery.find((t) => t.agent === agent)!;
const ids = { sessionId: 's', turnId: 't' };
const block = (output: string, success = true) =>
  ({ type: 'block.finished', ...ids, blockId: 'b', tool: 'python', status: success ? 'ok' : 'failed', success, exitCode: 0, output, savedTo: null, durationMs: 1 }) as AppEvent;

describe('self-test battery', () => {
  it('has one task per agent, each with checks', () => {
    expect(battery.map((t) => t.agent)).toEqual(['casual', 'coder', 'file', 'web', 'mcp', 'planner']);
    for (const t of battery) expect(t.checks.length).toBeGreaterThanOrEqual(2);
    expect(task('web').request).toContain('http://127.0.0.1:1/p.html');
  });

  it('scores what the turn did, not what the model claims', () => {
    expect(scoreTask(task('coder'), [], 'The result is 385.', 1)).toMatchObject({ passed: false, score: 0 });
    expect(scoreTask(task('coder'), [block('385\n')], '', 1)).toMatchObject({ passed: true, score: 1, failed: [] });
    expect(scoreTask(task('coder'), [block('384\n')], '', 1)).toMatchObject({ passed: false, score: 0.5, failed: ['the program printed 385'] });
  });

  it('scores the casual answer on content and language', () => {
    expect(scoreTask(task('casual'), [], "La capitale de l'Italie est Rome.", 2)).toMatchObject({ passed: true, score: 1 });
    expect(scoreTask(task('casual'), [], 'Rome.', 2)).toMatchObject({ passed: false, score: 0.67 });
  });

  it('scores the mcp task on the tool call and what it returned, not on a guessed code', () => {
    const mcp = (output: string, success = true) => ({ ...block(output, success), tool: 'mcp' }) as AppEvent;
    expect(scoreTask(task('mcp'), [], 'The code is HERON-7.', 1)).toMatchObject({ passed: false, score: 0.33 });
    expect(scoreTask(task('mcp'), [mcp('The access code of the north tower is HERON-7.')], 'It is HERON-7.', 1)).toMatchObject({ passed: true, score: 1 });
    expect(scoreTask(task('mcp'), [mcp('There is no tower named "nord".', false)], 'I could not get it.', 1)).toMatchObject({ passed: false, score: 0 });
  });

  it('fails every check of a task that could not run, with the reason', () => {
    expect(scoreTask(task('web'), [], '', 3, 'No Chrome or Chromium was found.')).toMatchObject({ passed: false, score: 0, error: 'No Chrome or Chromium was found.' });
  });
});
