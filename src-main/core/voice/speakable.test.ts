import { describe, expect, it } from 'vitest';
import { SHORT_ANSWER_CHARS, speakableText, textToSpeak } from './speakable.js';

describe('spoken answers', () => {
  it('never reads code, tables or lists', () => {
    const md = [
      'Here is the **fix**:',
      '```python',
      'print("hello")',
      '```',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '- first item',
      '2. second item',
      'Run `npm test` afterwards, see [the docs](https://example.com).',
    ].join('\n');
    const text = speakableText(md);
    expect(text).toBe('Here is the fix: Run afterwards, see the docs.');
    expect(text).not.toMatch(/print|hello|first|second|npm|\|/);
  });
  it('speaks short answers in short mode, nothing in off mode, long prose only in all mode', () => {
    expect(textToSpeak('It is 20 degrees.', 'short')).toBe('It is 20 degrees.');
    expect(textToSpeak('It is 20 degrees.', 'off')).toBeNull();
    const long = 'This sentence is long enough. '.repeat(Math.ceil(SHORT_ANSWER_CHARS / 20));
    expect(textToSpeak(long, 'short')).toBeNull();
    expect(textToSpeak(long, 'all')).toBe(long.trim());
  });
  it('speaks nothing for an answer that is only code', () => {
    expect(textToSpeak('```bash\nls -la\n```', 'all')).toBeNull();
  });
});
