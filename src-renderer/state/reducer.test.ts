import { describe, expect, it } from 'vitest';
import type { TurnRecord } from '../../src-main/common/contract.js';
import { earlierTurnsLoaded, reduceEvents, sessionLoaded, sessionRemoved, turnSubmitted } from './reducer.js';
import { ev, type TestEvent } from './testEvents.js';
import { emptyDomain, type DomainState } from './types.js';

const run = (...events: TestEvent[]): DomainState =>
  reduceEvents(
    emptyDomain(),
    events.map((e) => ev(e)),
  );
const turn = (state: DomainState, id = 't1') => {
  const t = state.turns[id];
  if (!t) throw new Error(`turn ${id} missing`);
  return t;
};

describe('reducer: streaming', () => {
  it('accumulates answer deltas per call, keeping calls apart and in order', () => {
    const s = run(
      { type: 'turn.started', request: 'hi' },
      { type: 'answer.delta', call: 2, text: 'second ' },
      { type: 'answer.delta', call: 1, text: 'Hel' },
      { type: 'answer.delta', call: 1, text: 'lo' },
      { type: 'answer.delta', call: 2, text: 'call' },
    );
    expect(turn(s).calls.map((c) => [c.call, c.text])).toEqual([
      [1, 'Hello'],
      [2, 'second call'],
    ]);
  });

  it('keeps deltas of two concurrent turns from mixing', () => {
    const s = run(
      { type: 'answer.delta', call: 1, text: 'A', turnId: 'ta', sessionId: 'sa' },
      { type: 'answer.delta', call: 1, text: 'B', turnId: 'tb', sessionId: 'sb' },
      { type: 'answer.delta', call: 1, text: 'A', turnId: 'ta', sessionId: 'sa' },
    );
    expect(turn(s, 'ta').calls[0]?.text).toBe('AA');
    expect(turn(s, 'tb').calls[0]?.text).toBe('B');
    expect(s.sessionTurns).toEqual({ sa: ['ta'], sb: ['tb'] });
  });

  it('replaces the streamed text of a call with the placeholder text once the reply completes', () => {
    const s = run(
      { type: 'llm.started', call: 1, agent: 'coder' },
      { type: 'answer.delta', call: 1, text: 'Run:\n```python\nprint(1)\n```' },
      { type: 'reasoning.delta', call: 1, text: 'think' },
      { type: 'reply.completed', call: 1, agent: 'coder', text: 'Run:\n[[block:b1]]', reasoning: 'thought' },
      { type: 'answer.delta', call: 1, text: 'late' },
    );
    const call = turn(s).calls[0];
    expect(call).toEqual({ call: 1, agent: 'coder', text: 'Run:\n[[block:b1]]', reasoning: 'thought', completed: true });
  });

  it('does not mutate the state it is given', () => {
    const before = run({ type: 'answer.delta', call: 1, text: 'a' });
    const snapshot = JSON.stringify(before);
    reduceEvents(before, [ev({ type: 'answer.delta', call: 1, text: 'b' }), ev({ type: 'turn.cancelled' })]);
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('labels the turn with the selected agent, and keeps "planner" when the planner starts sub-agents', () => {
    const s = run({ type: 'agent.selected', agent: 'planner', reason: 'router', routing: null }, { type: 'agent.selected', agent: 'web', reason: 'planner', routing: null });
    expect(turn(s).agent).toBe('planner');
  });
});

describe('reducer: blocks', () => {
  it('follows a block from start through output to its result', () => {
    const s = run(
      { type: 'block.started', blockId: 'b1', call: 1, tool: 'python', code: 'print(1)', savePath: null },
      { type: 'terminal.output', blockId: 'b1', data: '1\r\n' },
      { type: 'terminal.output', blockId: 'b1', data: '2\r\n' },
      { type: 'block.finished', blockId: 'b1', tool: 'python', status: 'ok', success: true, exitCode: 0, output: '1\n2\n', savedTo: 'a.py', durationMs: 42 },
    );
    expect(turn(s).blocks.b1).toMatchObject({ status: 'ok', exitCode: 0, durationMs: 42, output: '1\r\n2\r\n', savedTo: 'a.py', code: 'print(1)' });
  });

  it('shows the result output of a block whose terminal output this page never received', () => {
    const s = run({ type: 'block.finished', blockId: 'b9', tool: 'bash', status: 'failed', success: false, exitCode: 2, output: 'x\ny', savedTo: null, durationMs: 1 });
    expect(turn(s).blocks.b9).toMatchObject({ status: 'failed', output: 'x\r\ny' });
  });

  it('marks still-running blocks cancelled when the turn is cancelled', () => {
    const s = run({ type: 'block.started', blockId: 'b1', call: 1, tool: 'bash', code: 'sleep 9', savePath: null }, { type: 'turn.cancelled' });
    expect(turn(s).status).toBe('cancelled');
    expect(turn(s).blocks.b1?.status).toBe('cancelled');
  });
});

describe('reducer: approvals, plan, browser, endings', () => {
  it('adds an approval once and removes it when resolved', () => {
    const req: TestEvent = { type: 'approval.requested', approvalId: 'a1', blockId: 'b1', tool: 'bash', command: 'rm -rf x', reasons: ['deletes'] };
    let s = run(req, req);
    expect(s.approvals).toHaveLength(1);
    expect(s.approvals[0]?.command).toBe('rm -rf x');
    s = reduceEvents(s, [ev({ type: 'approval.resolved', approvalId: 'a1', approved: true })]);
    expect(s.approvals).toHaveLength(0);
  });

  it('drops the approvals of a turn that ended', () => {
    const s = run(
      { type: 'approval.requested', approvalId: 'a1', blockId: null, tool: 'mcp', command: 'x', reasons: [] },
      { type: 'turn.failed', error: { code: 'CANCELLED', message: 'no' } },
    );
    expect(s.approvals).toEqual([]);
    expect(turn(s).error).toEqual({ code: 'CANCELLED', message: 'no' });
  });

  it('replaces the plan on each update', () => {
    const step = { id: '1', agent: 'web' as const, task: 'search', need: [], output: '' };
    const s = run(
      { type: 'plan.updated', steps: [{ ...step, status: 'running' }] },
      {
        type: 'plan.updated',
        steps: [
          { ...step, status: 'done', output: 'found' },
          { ...step, id: '2', agent: 'coder', status: 'pending' },
        ],
      },
    );
    expect(turn(s).plan?.map((p) => [p.id, p.status])).toEqual([
      ['1', 'done'],
      ['2', 'pending'],
    ]);
  });

  it('keeps the latest browser frame as a data URL with the current URL', () => {
    const s = run(
      { type: 'browser.navigated', url: 'http://127.0.0.1/a', title: 'A' },
      { type: 'browser.frame', mime: 'image/jpeg', data: 'AAA' },
      { type: 'browser.frame', mime: 'image/png', data: 'BBB' },
    );
    expect(s.browser).toEqual({ url: 'http://127.0.0.1/a', title: 'A', frame: 'data:image/png;base64,BBB', sessionId: 's1' });
  });

  it('records the answer and agent when a turn is done, and asks the workspace to refresh', () => {
    const s = run({ type: 'turn.started', request: 'q' }, { type: 'turn.done', agent: 'casual', answer: 'Hi!', reasoning: '', llmCalls: 1 });
    expect(turn(s)).toMatchObject({ status: 'done', agent: 'casual', answer: 'Hi!', request: 'q' });
    expect(s.workspaceVersion).toBe(1);
  });

  it('notes on the turn that its history was compacted', () => {
    const s = run({ type: 'context.compacted', beforeTokens: 9000, afterTokens: 3000 });
    expect(turn(s).compacted).toEqual({ beforeTokens: 9000, afterTokens: 3000 });
  });

  it('shows which part of a long text is being read, and lists a stored input in the workspace', () => {
    const s = run(
      { type: 'turn.started', request: 'q' },
      { type: 'input.stored', path: '.agentic/inputs/x.txt', chars: 1_000_000, tokens: 250_000 },
      { type: 'work.progress', stage: 'part', part: 7, parts: 31 },
    );
    expect(turn(s).progress).toEqual({ stage: 'part', part: 7, parts: 31 });
    expect(s.workspaceVersion).toBe(1);
  });

  it('notes a turn’s proposed memory for its Keep button and tells the Memory panel to reload', () => {
    const s = run({ type: 'turn.started', request: 'q' }, { type: 'memory.changed', id: 4, status: 'proposed', text: 'Uses metric units' });
    expect(turn(s).memories).toEqual([{ id: 4, text: 'Uses metric units', status: 'proposed' }]);
    expect(s.memoryVersion).toBe(1);
  });

  it('keeps a turn’s schedule proposal for its Save button', () => {
    const s = run(
      { type: 'turn.started', request: 'every day at 08:00 summarise notes.md' },
      { type: 'schedule.proposed', request: 'summarise notes.md', when: { daily: '08:00' }, describe: 'every day at 08:00', agent: 'auto' },
    );
    expect(turn(s).scheduleProposal).toEqual({ request: 'summarise notes.md', when: { daily: '08:00' }, describe: 'every day at 08:00', agent: 'auto' });
  });

  it('tracks download progress and MCP status', () => {
    const s = run(
      { type: 'model.progress', modelId: 'm', receivedBytes: 5, totalBytes: 10, done: false, turnId: null, sessionId: null },
      { type: 'mcp.status', server: 'fs', status: 'ready', message: '2 tools', turnId: null, sessionId: null },
      { type: 'sessions.changed', turnId: null, sessionId: null },
    );
    expect(s.downloads.m).toEqual({ receivedBytes: 5, totalBytes: 10, done: false });
    expect(s.mcpStatus.fs).toEqual({ status: 'ready', message: '2 tools' });
    expect(s.sessionsVersion).toBe(1);
    expect(s.turns).toEqual({});
  });

  it('keeps the embedded model’s latest load state, a failure with its message', () => {
    const load = (status: 'loading' | 'loaded' | 'failed', progress: number, message: string | null = null) =>
      ({ type: 'model.loadProgress', model: 'tiny.gguf', status, progress, message, turnId: null, sessionId: null }) as const;
    expect(run(load('loading', 0), load('loading', 0.42)).modelLoad).toEqual({ model: 'tiny.gguf', status: 'loading', progress: 0.42, message: null });
    expect(run(load('loading', 0.5), load('failed', 0.5, 'out of memory')).modelLoad).toMatchObject({ status: 'failed', message: 'out of memory' });
  });
});

const record = (over: Partial<TurnRecord> = {}): TurnRecord => ({
  turnId: 'r1',
  request: 'old',
  agent: 'coder',
  status: 'done',
  replies: [{ call: 1, text: 'ran [[block:b1]]', reasoning: 'r' }],
  blocks: [
    {
      blockId: 'b1',
      tool: 'python',
      status: 'ok',
      success: true,
      exitCode: 0,
      output: 'out\n',
      savedTo: null,
      durationMs: 5,
      code: 'print()',
      call: 1,
      savePath: null,
      terminal: null,
    },
  ],
  answer: 'ran [[block:b1]]',
  error: null,
  plan: null,
  createdAt: 1,
  errorCode: null,
  pages: [],
  compacted: null,
  ...over,
});

describe('session history', () => {
  it('rebuilds turns, calls and blocks from stored records', () => {
    const s = sessionLoaded(emptyDomain(), 's1', [record()]);
    expect(s.sessionTurns.s1).toEqual(['r1']);
    expect(turn(s, 'r1')).toMatchObject({ request: 'old', agent: 'coder', status: 'done', sessionId: 's1' });
    expect(turn(s, 'r1').calls).toEqual([{ call: 1, agent: 'coder', text: 'ran [[block:b1]]', reasoning: 'r', completed: true }]);
    expect(turn(s, 'r1').blocks.b1).toMatchObject({ status: 'ok', output: 'out\r\n', code: 'print()' });
  });

  it('keeps a turn that is still streaming live instead of its stale stored copy', () => {
    let s = reduceEvents(emptyDomain(), [ev({ type: 'answer.delta', call: 1, text: 'live text', turnId: 'r1' })]);
    s = sessionLoaded(s, 's1', [record({ status: 'running', replies: [] })]);
    expect(turn(s, 'r1').calls[0]?.text).toBe('live text');
  });

  it('keeps a turn ended live when a record read before its end arrives after it', () => {
    let s = reduceEvents(emptyDomain(), [ev({ type: 'turn.started', request: 'q', turnId: 'r1' }), ev({ type: 'turn.cancelled', turnId: 'r1' })]);
    s = sessionLoaded(s, 's1', [record({ status: 'running', replies: [] })]);
    expect(turn(s, 'r1').status).toBe('cancelled');
  });

  it('takes the stored end of a turn whose end event was missed (the page was offline)', () => {
    let s = reduceEvents(emptyDomain(), [ev({ type: 'turn.started', request: 'old', turnId: 'r1' }), ev({ type: 'answer.delta', call: 1, text: 'ran', turnId: 'r1' })]);
    s = sessionLoaded(s, 's1', [record()]);
    expect(turn(s, 'r1')).toMatchObject({ status: 'done', request: 'old' });
    expect(turn(s, 'r1').calls[0]?.text).toBe('ran [[block:b1]]');
  });

  it('shows the pages, compaction and error code a stored turn carries, as the live turn showed them', () => {
    const pages = [{ url: 'http://127.0.0.1/article', title: 'Article' }];
    const live = reduceEvents(emptyDomain(), [
      ev({ type: 'turn.started', request: 'q', turnId: 'r1' }),
      ev({ type: 'browser.navigated', url: 'http://127.0.0.1/article', title: 'Article', turnId: 'r1' }),
      ev({ type: 'browser.navigated', url: 'http://127.0.0.1/article', title: 'Article', turnId: 'r1' }),
      ev({ type: 'context.compacted', beforeTokens: 900, afterTokens: 300, turnId: 'r1' }),
      ev({ type: 'turn.done', agent: 'web', answer: 'A.', reasoning: '', llmCalls: 1, turnId: 'r1' }),
    ]);
    const reloaded = sessionLoaded(emptyDomain(), 's1', [record({ agent: 'web', pages, compacted: { beforeTokens: 900, afterTokens: 300 } })]);
    expect(turn(live, 'r1').pages).toEqual(pages);
    expect(turn(reloaded, 'r1').pages).toEqual(pages);
    expect(turn(reloaded, 'r1').compacted).toEqual(turn(live, 'r1').compacted);
    expect(turn(reloaded, 'r1').agent).toBe('web');
  });

  it('turns a stored error into an error the chat can show, with its code', () => {
    const s = sessionLoaded(emptyDomain(), 's1', [record({ status: 'failed', error: 'provider down', errorCode: 'PROVIDER_UNAVAILABLE' })]);
    expect(turn(s, 'r1').error).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: 'provider down' });
  });

  it('adds a submitted turn once, whether or not its start event came first', () => {
    let s = turnSubmitted(emptyDomain(), 's1', 't1', 'hello');
    s = reduceEvents(s, [ev({ type: 'turn.started', request: 'hello' })]);
    s = turnSubmitted(s, 's1', 't1', 'hello');
    expect(s.sessionTurns.s1).toEqual(['t1']);
  });

  it('puts an earlier page in front of the loaded turns and counts what is still earlier', () => {
    let s = sessionLoaded(emptyDomain(), 's1', [record({ turnId: 'r3' }), record({ turnId: 'r4' })], 2);
    expect(s.earlierTurns.s1).toBe(2);
    // The page may overlap what is shown (a turn stored meanwhile): that one is not added twice.
    s = earlierTurnsLoaded(s, 's1', [record({ turnId: 'r1' }), record({ turnId: 'r2' }), record({ turnId: 'r3', request: 'stale' })], 0);
    expect(s.sessionTurns.s1).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(turn(s, 'r3').request).toBe('old');
    expect(s.earlierTurns.s1).toBe(0);
    expect(sessionRemoved(s, 's1').earlierTurns).toEqual({});
  });

  it('forgets the turns of a deleted session', () => {
    const s = sessionRemoved(sessionLoaded(emptyDomain(), 's1', [record()]), 's1');
    expect(s.turns).toEqual({});
    expect(s.sessionTurns).toEqual({});
  });
});
