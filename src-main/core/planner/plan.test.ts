import { describe, expect, it } from 'vitest';
import { findCycle, parsePlan, type PlanStep } from './plan.js';
import { nextRunnable, type StepState } from './schedule.js';

const agents = ['coder', 'file', 'web', 'casual'];
const parse = (json: string) => parsePlan(json, { agents });

describe('plan parsing', () => {
  it('treats "need": null and a missing need as no dependencies (the original crashed on null)', () => {
    const r = parse('{"plan":[{"id":"1","agent":"web","task":"a","need":null},{"id":"2","agent":"coder","task":"b"}]}');
    expect(r).toEqual({
      ok: true,
      steps: [
        { id: '1', agent: 'web', task: 'a', need: [] },
        { id: '2', agent: 'coder', task: 'b', need: [] },
      ],
    });
  });

  it('accepts numeric ids and a single need given as a scalar', () => {
    const r = parse('{"plan":[{"id":1,"agent":"web","task":"a","need":[]},{"id":2,"agent":"coder","task":"b","need":1}]}');
    expect(r.ok && r.steps[1]!.need).toEqual(['1']);
  });

  it('repairs small JSON slips (trailing comma, single quotes)', () => {
    const r = parse("{'plan':[{'id':'1','agent':'web','task':'a','need':[]},]}");
    expect(r.ok).toBe(true);
  });

  it('names an unknown agent precisely', () => {
    const r = parse('{"plan":[{"id":"1","agent":"researcher","task":"a","need":[]}]}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.join()).toMatch(/"researcher", which does not exist; use one of: coder, file, web, casual/);
  });

  it('names a duplicate id', () => {
    const r = parse('{"plan":[{"id":"1","agent":"web","task":"a"},{"id":"1","agent":"coder","task":"b"}]}');
    expect(!r.ok && r.problems.join()).toMatch(/Step id "1" is used more than once/);
  });

  it('names a missing dependency', () => {
    const r = parse('{"plan":[{"id":"1","agent":"web","task":"a","need":["7"]}]}');
    expect(!r.ok && r.problems.join()).toMatch(/Step "1" needs "7", but no step has that id/);
  });

  it('names a cycle with its steps', () => {
    const r = parse('{"plan":[{"id":"a","agent":"web","task":"x","need":["b"]},{"id":"b","agent":"coder","task":"y","need":["a"]}]}');
    expect(!r.ok && r.problems.join()).toMatch(/"a" → "b" → "a"|"b" → "a" → "b"/);
  });

  it('refuses a plan from a truncated reply instead of running a repaired fragment', () => {
    expect(parsePlan('{"plan":[{"id":"1","agent":"web","task":"a"', { agents, truncated: true }).ok).toBe(false);
  });

  it('reports non-JSON and wrong shapes', () => {
    expect(parse('no json here at all').ok).toBe(false);
    expect(!parse('{"steps":[]}').ok).toBe(true);
  });

  it('allows needs on ids of steps already done when revising', () => {
    const r = parsePlan('{"plan":[{"id":"3","agent":"coder","task":"c","need":["1"]}]}', { agents, knownIds: new Set(['1']) });
    expect(r.ok).toBe(true);
  });
});

describe('scheduling', () => {
  const st = (id: string, need: string[], status: StepState['status'] = 'pending'): StepState => ({ id, agent: 'coder', task: id, need, status, output: '' });

  it('runs steps in dependency order, not list order', () => {
    const steps = [st('2', ['1']), st('1', [])];
    expect(nextRunnable(steps)?.id).toBe('1');
    steps[1]!.status = 'done';
    expect(nextRunnable(steps)?.id).toBe('2');
  });

  it('skips steps whose needs failed, transitively', () => {
    const steps = [st('1', [], 'failed'), st('2', ['1']), st('3', ['2']), st('4', [])];
    expect(nextRunnable(steps)?.id).toBe('4');
    expect(steps.map((s) => s.status)).toEqual(['failed', 'skipped', 'skipped', 'pending']);
  });

  it('finds no cycle in a DAG', () => {
    const dag: PlanStep[] = [
      { id: '1', agent: 'web', task: '', need: [] },
      { id: '2', agent: 'web', task: '', need: ['1'] },
      { id: '3', agent: 'web', task: '', need: ['1', '2'] },
    ];
    expect(findCycle(dag)).toBeNull();
  });
});
