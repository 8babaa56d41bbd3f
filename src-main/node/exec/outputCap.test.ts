import { describe, expect, it } from 'vitest';
import { plainText } from './languageTool.js';
import { OutputCap } from './outputCap.js';

describe('OutputCap', () => {
  it('keeps everything under the cap', () => {
    const cap = new OutputCap(100);
    expect(cap.push('hello ')).toBe('hello ');
    cap.push('world');
    expect(cap.text()).toBe('hello world');
    expect(cap.truncated).toBe(false);
  });

  it('keeps the head and the tail of a large output with a note of what was dropped', () => {
    const cap = new OutputCap(100);
    let streamed = '';
    for (let i = 0; i < 50; i++) streamed += cap.push(`${String(i).padStart(3, '0')}-`);
    const text = cap.text();
    expect(cap.truncated).toBe(true);
    expect(streamed.length).toBe(75);
    expect(text.startsWith('000-001-')).toBe(true);
    expect(text.endsWith('048-049-')).toBe(true);
    expect(text).toMatch(/\[… 100 characters of output dropped …\]/);
  });
});

describe('plainText', () => {
  it('strips terminal escapes and turns CRLF into LF', () => {
    expect(plainText('\x1b[31mred\x1b[0m\r\nnext\r\n\x1b]0;title\x07done')).toBe('red\nnext\ndone');
  });
});
