import { describe, expect, it } from 'vitest';
import { matchGreeting } from './greetings.js';
import { languageFromScript } from './script.js';

describe('matchGreeting', () => {
  it('recognises greetings and thanks in several languages, with their language', () => {
    expect(matchGreeting('hi')).toEqual({ language: 'en' });
    expect(matchGreeting('Hello there!')).toEqual({ language: 'en' });
    expect(matchGreeting('Bonjour !')).toEqual({ language: 'fr' });
    expect(matchGreeting('merci beaucoup')).toEqual({ language: 'fr' });
    expect(matchGreeting('Guten Morgen')).toEqual({ language: 'de' });
    expect(matchGreeting('¡Hola!')).toEqual({ language: 'es' });
    expect(matchGreeting('你好！')).toEqual({ language: 'zh' });
    expect(matchGreeting('こんにちは')).toEqual({ language: 'ja' });
  });

  it('ignores requests that merely start with a greeting', () => {
    expect(matchGreeting('hello, search the weather in Paris')).toBeNull();
    expect(matchGreeting('hi can you write a script')).toBeNull();
    expect(matchGreeting('你好，帮我写一个排序脚本')).toBeNull();
    expect(matchGreeting('high priority: fix the bug')).toBeNull();
    expect(matchGreeting('')).toBeNull();
  });
});

describe('languageFromScript', () => {
  it('decides Chinese, Japanese and Korean from their scripts, even with code inside', () => {
    expect(languageFromScript('帮我写一个python脚本来排序')).toBe('zh');
    expect(languageFromScript('このファイルを開いて')).toBe('ja');
    expect(languageFromScript('東京の天気を調べて')).toBe('ja');
    expect(languageFromScript('파일을 찾아줘')).toBe('ko');
    expect(languageFromScript('найди файл')).toBe('ru');
  });

  it('leaves Latin-script text to the statistical detector', () => {
    expect(languageFromScript('write a python script')).toBeNull();
    expect(languageFromScript('écris un script')).toBeNull();
    expect(languageFromScript('12345 !!')).toBeNull();
  });
});
