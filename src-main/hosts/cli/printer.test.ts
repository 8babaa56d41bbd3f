import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../common/events.js';
import { textPrinter } from './printer.js';

const base = { seq: 0, sessionId: 's', turnId: 't' };
type Bare = AppEvent extends infer E ? (E extends AppEvent ? Omit<E, 'seq' | 'sessionId' | 'turnId'> : never) : never;
function printed(events: Bare[]): { out: string; err: string } {
  const out = new PassThrough();
  const err = new PassThrough();
  let o = '';
  let e = '';
  out.on('data', (d: Buffer) => (o += d.toString()));
  err.on('data', (d: Buffer) => (e += d.toString()));
  const print = textPrinter(out, err);
  for (const event of events) print({ ...base, ...event } as AppEvent);
  return { out: o, err: e };
}

describe('textPrinter', () => {
  it('says on stderr that the model is loading and when it is ready, or why it failed', () => {
    const load = (status: 'loading' | 'loaded' | 'failed', progress: number, message: string | null = null) =>
      ({ type: 'model.loadProgress', model: 'qwen.gguf', status, progress, message }) as const;
    expect(printed([load('loading', 0), load('loading', 0.5), load('loaded', 1)]).err).toBe('Loading qwen.gguf… done\n');
    expect(printed([load('loading', 0), load('failed', 0.2, 'not a GGUF file')]).err).toBe('Loading qwen.gguf… failed: not a GGUF file\n');
    expect(printed([load('loading', 0), load('loaded', 1)]).out).toBe('');
  });

  it('starts each model call on its own line (two replies are never glued together)', () => {
    const { out } = printed([
      { type: 'llm.started', call: 1, agent: 'coder' },
      { type: 'answer.delta', call: 1, text: 'Saved it in the workspace.' },
      { type: 'llm.started', call: 2, agent: 'coder' },
      { type: 'answer.delta', call: 2, text: 'All done.' },
    ]);
    expect(out).toBe('Saved it in the workspace.\nAll done.');
  });

  it('shows why a block failed when its terminal showed nothing', () => {
    const { out } = printed([
      { type: 'block.started', blockId: 'b', call: 1, tool: 'python', code: 'x', savePath: null },
      {
        type: 'block.finished',
        blockId: 'b',
        tool: 'python',
        status: 'error',
        success: false,
        exitCode: null,
        output: 'line 1\nline 2\nPython is not installed: install python3',
        savedTo: null,
        durationMs: 3,
      },
    ]);
    expect(out).toMatch(/✗ python error/);
    expect(out).toMatch(/ {3}Python is not installed: install python3/);
  });

  it('does not repeat output the terminal already showed, and says a declined block did not run', () => {
    const { out } = printed([
      { type: 'block.started', blockId: 'b', call: 1, tool: 'bash', code: 'x', savePath: null },
      { type: 'terminal.output', blockId: 'b', data: 'boom\n' },
      { type: 'block.finished', blockId: 'b', tool: 'bash', status: 'failed', success: false, exitCode: 1, output: 'boom\n', savedTo: null, durationMs: 3 },
      { type: 'block.started', blockId: 'c', call: 1, tool: 'bash', code: 'rm -rf x', savePath: null },
      {
        type: 'block.finished',
        blockId: 'c',
        tool: 'bash',
        status: 'declined',
        success: false,
        exitCode: null,
        output: 'The user declined… Do not retry it',
        savedTo: null,
        durationMs: 0,
      },
    ]);
    expect(out.match(/boom/g)).toHaveLength(1);
    expect(out).toContain('not run: declined');
    expect(out).not.toContain('Do not retry');
  });
});
