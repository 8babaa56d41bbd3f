import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageDetector, proseOf, type LanguageDetector } from './language.js';

let detector: LanguageDetector;
beforeAll(async () => {
  detector = await loadLanguageDetector();
});

describe('language detection', () => {
  it('reports ISO 639-1 codes for requests in several languages', () => {
    expect(detector.detect('Write a Python script that renames my holiday photos by date.')).toBe('en');
    expect(detector.detect('Écris un script Python qui renomme mes photos de vacances par date.')).toBe('fr');
    expect(detector.detect('Escribe un script en Python que renombre mis fotos por fecha.')).toBe('es');
    expect(detector.detect('Schreib ein Python-Skript, das meine Urlaubsfotos nach Datum umbenennt.')).toBe('de');
    expect(detector.detect('写一个Python脚本，按日期重命名我的照片')).toBe('zh');
    expect(detector.detect('写真を日付で並べ替えるスクリプトを書いて')).toBe('ja');
  });

  it('keeps the language of a Chinese request that pastes English code and errors', () => {
    expect(detector.detect('这段代码报错了：\nTraceback (most recent call last):\n  File "a.py", line 3\nNameError: name x is not defined')).toBe('zh');
  });

  it('reads the prose, not the pasted code, of a French request', () => {
    expect(detector.detect('Pourquoi est-ce que cette boucle ne s’arrête jamais ?\nwhile (i < n) { total += i; }')).toBe('fr');
  });

  it('does not take a short English or French request for a language nobody wrote (eld read both as Romanian)', () => {
    expect(detector.detect('write a python script', 'en')).toBe('en');
    expect(detector.detect('écris un script python', 'fr')).toBe('fr');
    expect(detector.detect('Scrie un script Python care redenumește fotografiile mele de vacanță după dată.')).toBe('ro'); // enough words: believed
  });

  it('falls back to the given language when the text shows none', () => {
    expect(detector.detect('ls -la', 'fr')).toBe('fr');
    expect(detector.detect('ok', 'de')).toBe('de');
    expect(detector.detect('Bonjour !', 'en')).toBe('fr'); // a greeting names its language
  });
});

describe('proseOf', () => {
  it('drops fenced code, inline code and code-like lines but keeps the request', () => {
    expect(proseOf('Corrige ce code :\n```js\nconst a = 1;\n```\nmerci')).toBe('Corrige ce code :\n \nmerci');
    expect(proseOf('Lance `npm test` puis dis-moi')).toBe('Lance   puis dis-moi');
    expect(proseOf('{};')).toBe('{};');
  });
});
