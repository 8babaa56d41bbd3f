// Language detection for routing and replies (ISO 639-1 codes). Non-Latin scripts are decided by
// their script (core/routing/script.ts); Latin-script text by eld's n-gram detector, restricted to
// the languages the app expects; greetings by their phrase. When nothing is reliable (short text,
// code, a file name) the caller's fallback wins, e.g. the language of the previous turn.
import { matchGreeting } from '../../core/routing/greetings.js';
import { languageFromScript } from '../../core/routing/script.js';

/** Latin-script languages eld may answer with; a subset keeps "salut ça va" from reading as Catalan. */
export const LATIN_LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'nl', 'pl', 'tr', 'sv', 'vi', 'id', 'cs', 'ro', 'da', 'fi', 'hu', 'no'];

/** The Latin-script languages of the router's training data, believable even in a short request. */
const COMMON_LATIN = new Set(['en', 'fr', 'es', 'de']);
/** Below this many words, any other language needs more text to be believed. */
const SHORT_WORDS = 7;

export interface LanguageDetector {
  /** ISO 639-1 code of the text's language, or `fallback` when the text does not show one. */
  detect(text: string, fallback?: string): string;
}

interface EldLike {
  detect(text: string): { language: string; isReliable(): boolean };
  setLanguageSubset(languages: string[] | boolean): unknown;
}

/** The language a text shows without the n-gram model: its script (Chinese, Arabic, …), or a greeting's. */
export function quickLanguage(text: string): string | null {
  return languageFromScript(text) ?? matchGreeting(text)?.language ?? null;
}

/** Loads the detector once, on first call; null (scripts and greetings only) when eld cannot load. */
export function lazyLanguageDetector(logger?: { warn(message: string, data?: Record<string, unknown>): void }): () => Promise<LanguageDetector | null> {
  let loading: Promise<LanguageDetector | null> | null = null;
  return () =>
    (loading ??= loadLanguageDetector().catch((error: unknown) => {
      logger?.warn('language detector unavailable, using scripts only', { error: String(error) });
      return null;
    }));
}

/** A text's language: quickLanguage(), else the n-gram detector's answer, else `fallback`. */
export async function detectLanguage(text: string, detector: () => Promise<LanguageDetector | null>, fallback = 'en'): Promise<string> {
  const quick = quickLanguage(text);
  if (quick) return quick;
  return (await detector())?.detect(text, fallback) ?? fallback;
}

/**
 * Loads eld's smallest database (~0.2 s of parsing, most of a CLI start: load it only when
 * quickLanguage() has no answer) and returns a detector.
 */
export async function loadLanguageDetector(): Promise<LanguageDetector> {
  const { eld } = (await import('eld/extrasmall')) as { eld: EldLike };
  eld.setLanguageSubset(LATIN_LANGUAGES);
  return {
    detect(text: string, fallback = 'en'): string {
      const quick = quickLanguage(text);
      if (quick) return quick;
      const prose = proseOf(text);
      const result = eld.detect(prose);
      if (!result.language || !result.isReliable()) return fallback;
      // A few words give n-grams too little to go on: "write a python script" and "écris un script
      // python" both read as Romanian. Short text names only a language people commonly write here.
      if (!COMMON_LATIN.has(result.language) && (prose.match(/\p{L}+/gu)?.length ?? 0) < SHORT_WORDS) return fallback;
      return result.language;
    },
  };
}

const FENCED = /```[\s\S]*?(```|$)/g;
const INLINE = /`[^`\n]*`/g;
/** A word with a code character in it: `print(x)`, `a==b`, `cache[key]`, `--flag`, `snake_case`. */
const CODE_WORD = /\S*[{}();=<>[\]\\|$*_]\S*|\S*--\S*/g;
const CODE_CHARS = /[{}();=<>[\]\\|$#*]/g;

/**
 * The words the user wrote, without pasted code, code-like lines and code-like words, which are
 * usually English whatever language the request is in. The whole text if nothing is left.
 */
export function proseOf(text: string): string {
  const lines = text
    .replace(FENCED, ' ')
    .replace(INLINE, ' ')
    .split('\n')
    .filter((line, i) => i === 0 || (line.match(CODE_CHARS)?.length ?? 0) < 2);
  const prose = lines.join('\n').replace(CODE_WORD, ' ').trim();
  return /\p{L}{2}/u.test(prose) ? prose : text;
}
