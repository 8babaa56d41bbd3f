import { describe, expect, it } from 'vitest';
import { highlight } from './highlight.js';
import { answerAddsToReplies, splitAtPlaceholders, stripPlaceholders } from './segments.js';

describe('placeholders', () => {
  it('puts each block in place of its placeholder, between the prose around it', () => {
    expect(splitAtPlaceholders('Intro\n[[block:b1]]\nmiddle [[block:b-2]]end')).toEqual([
      { kind: 'text', text: 'Intro\n' },
      { kind: 'block', blockId: 'b1' },
      { kind: 'text', text: '\nmiddle ' },
      { kind: 'block', blockId: 'b-2' },
      { kind: 'text', text: 'end' },
    ]);
  });

  it('leaves text without placeholders whole and drops blank gaps', () => {
    expect(splitAtPlaceholders('just text')).toEqual([{ kind: 'text', text: 'just text' }]);
    expect(splitAtPlaceholders('[[block:a]]\n[[block:b]]')).toEqual([
      { kind: 'block', blockId: 'a' },
      { kind: 'block', blockId: 'b' },
    ]);
  });

  it('shows the final answer apart only when no reply already said it', () => {
    expect(answerAddsToReplies('Done.', ['Done.\n'])).toBe(false);
    expect(answerAddsToReplies('', ['x'])).toBe(false);
    expect(answerAddsToReplies('Summary: 2 files', ['ran [[block:b1]]'])).toBe(true);
    expect(stripPlaceholders('a [[block:b1]] b')).toBe('a  b');
  });
});

describe('highlight', () => {
  const kinds = (code: string, lang: string) =>
    highlight(code, lang)
      .filter((t) => t.kind !== 'plain')
      .map((t) => [t.kind, t.text]);

  it('tells keywords, strings, numbers and comments apart', () => {
    expect(kinds('def f(): return "x" # note', 'python')).toEqual([
      ['keyword', 'def'],
      ['keyword', 'return'],
      ['string', '"x"'],
      ['comment', '# note'],
    ]);
    expect(kinds('int x = 42; // c', 'c')).toEqual([
      ['keyword', 'int'],
      ['number', '42'],
      ['comment', '// c'],
    ]);
  });

  it('does not treat a C preprocessor line as a comment', () => {
    expect(kinds('#include <stdio.h>', 'c')).toEqual([['keyword', 'include']]);
  });

  it('keeps every character of the source', () => {
    const code = 'echo "a\\"b" && ls # x\nfor i in 1 2; do :; done';
    expect(
      highlight(code, 'bash')
        .map((t) => t.text)
        .join(''),
    ).toBe(code);
  });
});

describe('final answer of a code turn', () => {
  it('is not repeated when it is the last reply with its code instead of placeholders', () => {
    const reply = 'Computing:\n\n[[block:ab-1]]\n';
    const answer = 'Computing:\n```python\nprint(1)\n```';
    expect(answerAddsToReplies(answer, [reply])).toBe(false);
  });
  it('is shown when it says something new (the give-up summary)', () => {
    expect(answerAddsToReplies('I could not complete this task in 3 attempts.', ['[[block:x-1]]'])).toBe(true);
  });
});
