import { describe, expect, it } from 'vitest';
import type { TurnRecord } from '../../../src-main/common/contract.js';
import { markdownFileName, sessionMarkdown } from './exportMarkdown.js';

const turn: TurnRecord = {
  turnId: 't1',
  request: 'print hi',
  agent: 'coder',
  status: 'done',
  replies: [
    { call: 1, text: 'Running it:\n[[block:b1]]', reasoning: '' },
    { call: 2, text: 'It printed hi.', reasoning: '' },
  ],
  blocks: [
    {
      blockId: 'b1',
      tool: 'python',
      status: 'ok',
      success: true,
      exitCode: 0,
      output: 'hi\n',
      savedTo: null,
      durationMs: 3,
      code: 'print("hi")',
      call: 1,
      savePath: null,
      terminal: null,
    },
  ],
  answer: 'It printed hi.',
  error: null,
  plan: null,
  createdAt: Date.UTC(2026, 0, 2, 3, 4),
  errorCode: null,
  pages: [],
  compacted: null,
};

describe('sessionMarkdown', () => {
  it('writes requests, replies with their code and output, and no placeholders', () => {
    const md = sessionMarkdown('Say hi', [turn]);
    expect(md).toContain('# Say hi');
    expect(md).toContain('## 2026-01-02 03:04 · You\n\nprint hi');
    expect(md).toContain('```python\nprint("hi")\n```');
    expect(md).toContain('Output (ok, exit 0):\n\n```\nhi\n```');
    expect(md).not.toContain('[[block:');
    expect(md.match(/It printed hi\./g)).toHaveLength(1);
  });

  it('names the file after the title, without path characters', () => {
    expect(markdownFileName('a/b: c?')).toBe('ab c.md');
    expect(markdownFileName('')).toBe('session.md');
  });
});
