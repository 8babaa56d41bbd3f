// Very short greetings and thanks go to the casual agent whatever the model says: a classifier
// trained on requests has little to go on in "hi", and sending "merci !" to the coder wastes a turn.
import { normalize } from './featurizer.js';

/** Greeting or thanks phrases (normalised), each with the language it shows. */
const PHRASES: ReadonlyArray<readonly [string, string]> = [
  ['hi', 'en'],
  ['hello', 'en'],
  ['hey', 'en'],
  ['hiya', 'en'],
  ['yo', 'en'],
  ['howdy', 'en'],
  ['good morning', 'en'],
  ['good afternoon', 'en'],
  ['good evening', 'en'],
  ['good night', 'en'],
  ['thanks', 'en'],
  ['thank you', 'en'],
  ['thanks a lot', 'en'],
  ['thank you so much', 'en'],
  ['thank you very much', 'en'],
  ['thx', 'en'],
  ['cheers', 'en'],
  ['bye', 'en'],
  ['goodbye', 'en'],
  ['how are you', 'en'],
  ["what's up", 'en'],
  ['sup', 'en'],
  ['bonjour', 'fr'],
  ['bonsoir', 'fr'],
  ['salut', 'fr'],
  ['coucou', 'fr'],
  ['merci', 'fr'],
  ['merci beaucoup', 'fr'],
  ['bonne nuit', 'fr'],
  ['au revoir', 'fr'],
  ['ça va', 'fr'],
  ['comment ça va', 'fr'],
  ['hola', 'es'],
  ['buenos días', 'es'],
  ['buenas tardes', 'es'],
  ['buenas noches', 'es'],
  ['gracias', 'es'],
  ['muchas gracias', 'es'],
  ['adiós', 'es'],
  ['qué tal', 'es'],
  ['hallo', 'de'],
  ['guten morgen', 'de'],
  ['guten tag', 'de'],
  ['guten abend', 'de'],
  ['servus', 'de'],
  ['moin', 'de'],
  ['danke', 'de'],
  ['danke schön', 'de'],
  ['vielen dank', 'de'],
  ['tschüss', 'de'],
  ['ciao', 'it'],
  ['buongiorno', 'it'],
  ['buonasera', 'it'],
  ['grazie', 'it'],
  ['olá', 'pt'],
  ['oi', 'pt'],
  ['obrigado', 'pt'],
  ['obrigada', 'pt'],
  ['bom dia', 'pt'],
  ['привет', 'ru'],
  ['здравствуйте', 'ru'],
  ['спасибо', 'ru'],
  ['你好', 'zh'],
  ['您好', 'zh'],
  ['嗨', 'zh'],
  ['哈喽', 'zh'],
  ['早上好', 'zh'],
  ['早安', 'zh'],
  ['晚上好', 'zh'],
  ['晚安', 'zh'],
  ['谢谢', 'zh'],
  ['多谢', 'zh'],
  ['再见', 'zh'],
  ['你好吗', 'zh'],
  ['こんにちは', 'ja'],
  ['こんばんは', 'ja'],
  ['おはよう', 'ja'],
  ['おはようございます', 'ja'],
  ['ありがとう', 'ja'],
  ['ありがとうございます', 'ja'],
  ['안녕하세요', 'ko'],
  ['안녕', 'ko'],
  ['감사합니다', 'ko'],
];

const LATIN_WORDS = /[\p{L}\p{M}'’]+/gu;
const NON_LETTERS = /[^\p{L}\p{M}]+/gu;
const HAS_SPACELESS_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export interface Greeting {
  language: string;
}

/**
 * A greeting or thanks with at most one more word ("hi there", "merci Paul", "你好！"); null for
 * anything that asks for something ("hello, search the weather").
 */
export function matchGreeting(text: string): Greeting | null {
  const normalized = normalize(text);
  if (normalized.length === 0 || normalized.length > 40) return null;
  if (HAS_SPACELESS_SCRIPT.test(normalized)) {
    const letters = normalized.replace(NON_LETTERS, '');
    for (const [phrase, language] of PHRASES) {
      if (letters.startsWith(phrase) && [...letters].length - [...phrase].length <= 2) return { language };
    }
    return null;
  }
  const words = (normalized.match(LATIN_WORDS) ?? []).map((w) => w.replace(/’/g, "'"));
  let best: Greeting | null = null;
  let bestLength = 0;
  for (const [phrase, language] of PHRASES) {
    const phraseWords = phrase.split(' ');
    const matches = phraseWords.every((w, i) => words[i] === w);
    if (matches && words.length - phraseWords.length <= 1 && phraseWords.length > bestLength) {
      best = { language };
      bestLength = phraseWords.length;
    }
  }
  return best;
}
