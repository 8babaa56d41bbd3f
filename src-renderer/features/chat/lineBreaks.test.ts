import { describe, expect, it } from 'vitest';
import { keepLineBreaks } from './lineBreaks.js';

describe('keepLineBreaks', () => {
  it('turns single newlines into hard breaks', () => {
    expect(keepLineBreaks('I will search.\nSEARCH: otters')).toBe('I will search.  \nSEARCH: otters');
  });
  it('leaves code fences, blank lines and list items alone', () => {
    const text = 'Intro\n\n```python\nx = 1\ny = 2\n```\nSteps:\n- one\n- two';
    expect(keepLineBreaks(text)).toBe('Intro\n\n```python\nx = 1\ny = 2\n```\nSteps:\n- one\n- two');
  });
});
