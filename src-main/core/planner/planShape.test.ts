import { describe, expect, it } from 'vitest';
import { extractPlanJson, parsePlan } from './plan.js';
import { matchAgent } from './planShape.js';

const agents = ['coder', 'file', 'web', 'casual'];
const plan = (reply: string) => parsePlan(extractPlanJson(reply, null), { agents });

describe('plans as small models write them', () => {
  it('reads comments, trailing commas and single quotes', () => {
    const r = plan(`{
  // two steps
  'plan': [
    {'id': 1, 'agent': 'web', 'task': 'Find the price', 'need': [],},  /* first */
    {'id': 2, 'agent': 'coder', 'task': 'Plot it', 'need': '1',},
  ],
}`);
    expect(r).toEqual({
      ok: true,
      steps: [
        { id: '1', agent: 'web', task: 'Find the price', need: [] },
        { id: '2', agent: 'coder', task: 'Plot it', need: ['1'] },
      ],
    });
  });

  it('finds bare JSON inside prose, skipping braces that are not the plan', () => {
    const reply = 'Sure! The set {a, b} is small. Here is my plan:\n{"plan": [{"id": "1", "agent": "web", "task": "x", "need": []}]}\nLet me know {if} you want changes.';
    expect(plan(reply)).toMatchObject({ ok: true, steps: [{ id: '1', agent: 'web' }] });
  });

  it('takes a bare list of steps, `steps` for `plan` and other names for need', () => {
    expect(plan('[{"id": "a", "agent": "file", "task": "read"}, {"id": "b", "agent": "casual", "task": "sum up", "depends_on": ["a"]}]')).toMatchObject({
      ok: true,
      steps: [{ need: [] }, { need: ['a'] }],
    });
    expect(plan('{"steps": [{"step": 1, "agent": "web", "description": "x"}, {"step": 2, "agent": "coder", "description": "y", "needs": "1"}]}')).toMatchObject({
      ok: true,
      steps: [
        { id: '1', task: 'x' },
        { id: '2', task: 'y', need: ['1'] },
      ],
    });
  });

  it('reads need written as "1, 2"', () => {
    const r = plan('{"plan": [{"id":1,"agent":"web","task":"a"},{"id":2,"agent":"web","task":"b"},{"id":3,"agent":"coder","task":"c","need":"1, 2"}]}');
    expect(r.ok && r.steps[2]!.need).toEqual(['1', '2']);
  });

  it('matches agent names without regard to case or an agent suffix', () => {
    for (const [written, agent] of [
      ['Coder', 'coder'],
      ['WEB', 'web'],
      ['web_agent', 'web'],
      ['File Agent', 'file'],
      ['FileAgent', 'file'],
      ['files', 'file'],
      ['casual-agent', 'casual'],
      ['researcher', 'researcher'],
    ]) {
      expect(matchAgent(written!, agents)).toBe(agent);
    }
  });

  it('still sends an unknown agent or unusable JSON back with the exact problem', () => {
    const r = plan('{"plan": [{"id": "1", "agent": "Researcher", "task": "x"}]}');
    expect(!r.ok && r.problems.join()).toMatch(/"Researcher", which does not exist; use one of: coder, file, web, casual/);
    expect(plan('I cannot plan this.')).toEqual({ ok: false, problems: [expect.stringContaining('No plan found')] });
  });
});
