// Language from the writing system alone: certain for Japanese kana, Korean hangul, and Chinese
// (Han without kana), and a good first guess for Cyrillic, Greek, Arabic, Hebrew, Thai and Devanagari.
// Latin-script languages need a statistical detector (node/routing/language.ts).

const SCRIPTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/gu, 'ja'],
  [/\p{Script=Hangul}/gu, 'ko'],
  [/\p{Script=Han}/gu, 'zh'],
  [/\p{Script=Cyrillic}/gu, 'ru'],
  [/\p{Script=Greek}/gu, 'el'],
  [/\p{Script=Arabic}/gu, 'ar'],
  [/\p{Script=Hebrew}/gu, 'he'],
  [/\p{Script=Thai}/gu, 'th'],
  [/\p{Script=Devanagari}/gu, 'hi'],
];
const LETTERS = /\p{L}/gu;

/**
 * The language a non-Latin script shows: Chinese, Japanese or Korean from two characters and a
 * twentieth of the letters (code and file names in Latin letters inside a Chinese request do not
 * make it English), other scripts from a fifth of the letters; else null.
 */
export function languageFromScript(text: string): string | null {
  const letters = text.match(LETTERS)?.length ?? 0;
  if (letters === 0) return null;
  for (const [pattern, language] of SCRIPTS) {
    const count = text.match(pattern)?.length ?? 0;
    // Chinese, Japanese and Korean requests often carry pasted code or error messages in Latin
    // letters, and a few of their characters say more than many Latin ones: a small share suffices.
    const spaceless = language === 'ja' || language === 'ko' || language === 'zh';
    if (spaceless ? count >= 2 && count / letters >= 0.05 : count / letters >= 0.2) return language;
  }
  return null;
}
