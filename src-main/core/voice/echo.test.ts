import { describe, expect, it } from 'vitest';
import { isEcho, SpokenHistory } from './echo.js';

const said = 'The weather in Paris is sunny today, with a high of twenty degrees.';

describe('echo filter', () => {
  it('drops an exact echo of what the app said', () => {
    expect(isEcho(said, [said])).toBe(true);
  });
  it('drops a partial echo: three consecutive words, either text the longer', () => {
    expect(isEcho('um, Paris is sunny', [said])).toBe(true);
    expect(isEcho('what is the weather in Paris is sunny today and tomorrow too', ['sunny today'])).toBe(false);
    expect(isEcho('sunny today, with', [said])).toBe(true);
    expect(isEcho('a high of twenty degrees is what you said', ['twenty degrees'])).toBe(false);
    expect(isEcho('twenty degrees', ['twenty degrees'])).toBe(true);
  });
  it('keeps the same words in another order', () => {
    expect(isEcho('today sunny is Paris weather the', [said])).toBe(false);
  });
  it('keeps other speech, even with two shared words in a row', () => {
    expect(isEcho('Is it sunny in Berlin?', [said])).toBe(false);
    expect(isEcho('in Paris, please book a table', [said])).toBe(false);
  });
  it('keeps the same meaning in another language', () => {
    expect(isEcho('Le temps à Paris est ensoleillé aujourd’hui', [said])).toBe(false);
  });
  it('ignores case and punctuation, and counts CJK characters as words', () => {
    expect(isEcho('THE WEATHER... in', [said])).toBe(true);
    expect(isEcho('今天天气很好', ['今天天气很好，最高二十度。'])).toBe(true);
    expect(isEcho('明天下雨', ['今天天气很好'])).toBe(false);
  });
  it('remembers what was said for a while after it stopped', () => {
    const h = new SpokenHistory(5_000);
    h.started(said);
    expect(h.texts(0)).toEqual([said]);
    h.ended(said, 1_000);
    expect(h.texts(5_999)).toEqual([said]);
    expect(h.texts(6_001)).toEqual([]);
  });
});
